'use client';
// An answer rendered as Markdown: paragraphs, lists, tables, fenced code in
// a monospace block with a copy button, inline code. Raw HTML in an answer
// (which may quote a document) is never rendered as markup: it shows as the
// text it is (html-as-text.ts), so placeholders such as <commit> keep their
// place in the sentence. Citation markers become chips that open the cited
// source (citations.ts).
import { Children, isValidElement, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from '@/components/ui/copy-button';
import { safeHref } from './sources';
import { CITATION_PREFIX, remarkCitations } from './citations';
import { remarkHtmlAsText } from './html-as-text';

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

function components(onCite: (index: number) => void): Components {
  return {
    a({ href, children }) {
      if (href?.startsWith(CITATION_PREFIX)) {
        const n = Number(href.slice(CITATION_PREFIX.length));
        return (
          <button
            type="button"
            onClick={() => onCite(n - 1)}
            className="mx-0.5 inline-flex h-4 min-w-4 items-center justify-center rounded bg-indigo-50 px-1 align-text-top text-[0.65rem] font-semibold text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
            aria-label={`Show source ${n}`}
          >
            {n}
          </button>
        );
      }
      const safe = safeHref(href);
      return safe ? (
        <a href={safe} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline">
          {children}
        </a>
      ) : (
        <span>{children}</span>
      );
    },
    pre({ children }) {
      const code = textOf(Children.toArray(children)).replace(/\n$/, '');
      return (
        // The button sits in a bar of its own above the code: floated over it, it hid the end of a long first line
        // (a phone's width shows about 40 characters).
        <div className="code-surface my-3 overflow-hidden rounded-lg bg-slate-900">
          <div className="flex justify-end border-b border-white/10 px-2 py-1">
            <CopyButton text={code} label="Copy code" className="h-7 px-2 text-xs" />
          </div>
          <pre className="overflow-x-auto p-3 font-mono text-[0.8rem] leading-relaxed text-slate-100">{children}</pre>
        </div>
      );
    },
    code({ className, children }) {
      // Inside <pre> the block styles apply; alone it is inline code.
      return className?.startsWith('language-') || String(children).includes('\n') ? (
        <code className={className}>{children}</code>
      ) : (
        <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800 [overflow-wrap:anywhere]">{children}</code>
      );
    },
    p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
    ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
    ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
    h1: ({ children }) => <p className="my-2 font-semibold">{children}</p>,
    h2: ({ children }) => <p className="my-2 font-semibold">{children}</p>,
    h3: ({ children }) => <p className="my-2 font-semibold">{children}</p>,
    table: ({ children }) => (
      <div className="my-3 overflow-x-auto">
        <table className="min-w-full border-collapse text-left text-xs">{children}</table>
      </div>
    ),
    th: ({ children }) => <th className="border-b border-slate-200 px-2 py-1 font-semibold">{children}</th>,
    td: ({ children }) => <td className="border-b border-slate-100 px-2 py-1 align-top">{children}</td>,
    img: ({ alt }) => <span>{alt}</span>,
  };
}

export function AnswerMarkdown({ text, sourceCount, onCite }: { text: string; sourceCount: number; onCite: (index: number) => void }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm, remarkHtmlAsText, [remarkCitations, { sourceCount }]]} components={components(onCite)}>
      {text}
    </ReactMarkdown>
  );
}
