'use client';
import { SpellCheck } from 'lucide-react';

/**
 * "Searched for …" above an answer whose question had words read as others
 * (typing mistakes): the sources hold "container" where the reader typed
 * "contaner", and this says why. The words that changed are in bold.
 */
export function SearchedFor({ question, searchedFor }: { question: string; searchedFor: string }) {
  // Only letters were replaced, so the two split into the same pieces: compare them one by one.
  const written = question.split(/(\s+)/);
  const searched = searchedFor.split(/(\s+)/);
  const aligned = written.length === searched.length;
  return (
    <p data-testid="searched-for" className="mb-2 flex items-start gap-1.5 text-xs text-slate-500">
      <SpellCheck className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        Searched for{' '}
        {aligned
          ? searched.map((piece, i) =>
              piece !== written[i] ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string, never reordered
                <strong key={i} className="font-semibold text-slate-700">
                  {piece}
                </strong>
              ) : (
                piece
              ),
            )
          : searchedFor}
      </span>
    </p>
  );
}
