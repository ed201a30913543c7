'use client';
import { ChevronDown, ExternalLink, FileText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatNumber } from '@/components/ui/format';
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

function SourceItem({ source, index, idPrefix, open, onToggle }: { source: Source; index: number; idPrefix: string; open: boolean; onToggle: () => void }) {
  const href = safeHref(source.content.source);
  const panelId = `${idPrefix}-passage-${index}`;
  return (
    <li id={`${idPrefix}-source-${index}`} className="scroll-mt-20 rounded-md border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
        <span className="flex size-5 shrink-0 items-center justify-center rounded bg-slate-100 text-xs font-semibold text-slate-600" aria-hidden="true">
          {index + 1}
        </span>
        <div className="min-w-0 flex-1 basis-[calc(100%-2rem)] sm:basis-auto">
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex max-w-full items-center gap-1 truncate text-sm font-medium text-indigo-700 hover:underline">
              <span className="truncate">{source.content.name}</span>
              <ExternalLink className="size-3.5 shrink-0" aria-label="(opens in a new tab)" />
            </a>
          ) : (
            <span className="truncate text-sm font-medium text-slate-800">{source.content.name}</span>
          )}
        </div>
        {source.content.subject ? <Badge className="ml-8 sm:ml-0">{source.content.subject}</Badge> : null}
        <span className="text-xs tabular-nums text-slate-500" title="Relevance score">
          score {formatNumber(source.score, { maximumFractionDigits: 3 })}
        </span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100"
        >
          {open ? 'Hide passage' : 'Show passage'}
          <ChevronDown className={`size-3.5 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </button>
      </div>
      {open ? (
        <div id={panelId} className="border-t border-slate-100 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <p className="whitespace-pre-wrap">{source.context}</p>
          {source.answer ? <p className="mt-2 whitespace-pre-wrap border-l-2 border-indigo-300 pl-2 text-slate-800">{source.answer}</p> : null}
        </div>
      ) : null}
    </li>
  );
}

/** The sources of one answer; which passages are open is kept by the answer, so citations can open them. */
export function Sources({ sources, idPrefix, open, onToggle }: { sources: Source[]; idPrefix: string; open: ReadonlySet<number>; onToggle: (index: number) => void }) {
  if (sources.length === 0) return null;
  return (
    <section aria-label="Sources" className="mt-3">
      <h3 className="mb-1.5 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <FileText className="size-3.5" aria-hidden="true" /> Sources ({sources.length})
      </h3>
      <ol className="space-y-1.5">
        {sources.map((source, i) => (
          <SourceItem key={`${source.content.name}-${i}`} source={source} index={i} idPrefix={idPrefix} open={open.has(i)} onToggle={() => onToggle(i)} />
        ))}
      </ol>
    </section>
  );
}
