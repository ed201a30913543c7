'use client';
import { ChevronDown, ExternalLink, FileText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatNumber } from '@/components/ui/format';
import { groupByDocument, type DocumentSources } from './source-groups';
import type { Source } from './types';

/** Only web links are clickable: a stored `javascript:` source must never run. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function Passage({ source, index, idPrefix, showScores }: { source: Source; index: number; idPrefix: string; showScores: boolean }) {
  return (
    <li id={`${idPrefix}-passage-${index}`} className="scroll-mt-20 px-3 py-2">
      <div className="mb-1 flex items-center gap-2 text-xs text-slate-500">
        <span className="flex size-5 shrink-0 items-center justify-center rounded bg-slate-200 font-semibold text-slate-700">{index + 1}</span>
        {showScores ? (
          <span className="tabular-nums" title="Relevance score of this passage">
            relevance {formatNumber(source.score, { maximumFractionDigits: 3 })}
          </span>
        ) : null}
      </div>
      <p className="whitespace-pre-wrap text-slate-700">{source.context}</p>
      {source.answer ? <p className="mt-2 whitespace-pre-wrap border-l-2 border-indigo-300 pl-2 text-slate-800">{source.answer}</p> : null}
    </li>
  );
}

function DocumentCard({
  group,
  position,
  idPrefix,
  open,
  onToggle,
  showScores,
}: {
  group: DocumentSources;
  position: number;
  idPrefix: string;
  open: boolean;
  onToggle: () => void;
  showScores: boolean;
}) {
  const href = safeHref(group.source);
  const panelId = `${idPrefix}-document-${position}-passages`;
  const count = group.passages.length;
  return (
    <li id={`${idPrefix}-document-${position}`} className="scroll-mt-20 rounded-md border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
        <span className="flex shrink-0 gap-1">
          {/* A plain span's aria-label is not read out: the numbers are said as text instead. */}
          <span className="sr-only">Cited as {group.passages.map((p) => p.index + 1).join(', ')}</span>
          {group.passages.map((p) => (
            <span
              key={p.index}
              className="flex size-5 items-center justify-center rounded bg-slate-100 text-xs font-semibold text-slate-600"
              aria-hidden="true"
            >
              {p.index + 1}
            </span>
          ))}
        </span>
        <div className="min-w-0 flex-1 basis-[calc(100%-4rem)] sm:basis-auto">
          {href ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-center gap-1 truncate text-sm font-medium text-indigo-700 hover:underline"
            >
              <span className="truncate">{group.name}</span>
              <ExternalLink className="size-3.5 shrink-0" aria-label="(opens in a new tab)" />
            </a>
          ) : (
            <span className="block truncate text-sm font-medium text-slate-800" title={group.name}>
              {group.name}
            </span>
          )}
        </div>
        {group.subject ? <Badge>{group.subject}</Badge> : null}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100"
        >
          {open ? 'Hide' : 'Show'} {count === 1 ? 'passage' : `${count} passages`}
          <ChevronDown className={`size-3.5 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </button>
      </div>
      {open ? (
        <ol id={panelId} className="divide-y divide-slate-100 border-t border-slate-100 bg-slate-50 text-sm">
          {group.passages.map((p) => (
            <Passage key={p.index} source={p.source} index={p.index} idPrefix={idPrefix} showScores={showScores} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/**
 * The sources of one answer, one card per document with its passages inside.
 * `open` holds passage numbers (0-based), so a citation [n] opens the card
 * that holds passage n. Scores are for signed-in people, never for visitors.
 */
export function Sources({
  sources,
  idPrefix,
  open,
  onToggle,
  showScores = false,
}: {
  sources: Source[];
  idPrefix: string;
  open: ReadonlySet<number>;
  onToggle: (indexes: number[]) => void;
  showScores?: boolean;
}) {
  if (sources.length === 0) return null;
  const groups = groupByDocument(sources);
  return (
    <section aria-label="Sources" className="mt-3">
      <h3 className="mb-1.5 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <FileText className="size-3.5" aria-hidden="true" /> Sources ({groups.length})
      </h3>
      <ol className="space-y-1.5">
        {groups.map((group, position) => {
          const indexes = group.passages.map((p) => p.index);
          return (
            <DocumentCard
              key={group.key}
              group={group}
              position={position}
              idPrefix={idPrefix}
              open={indexes.some((i) => open.has(i))}
              onToggle={() => onToggle(indexes)}
              showScores={showScores}
            />
          );
        })}
      </ol>
    </section>
  );
}
