'use client';
// Where a knowledge page sits: Datasets › dataset › subject › content. Real
// links (Tab reaches each, Enter follows it); the current page is the last
// crumb, not a link, marked aria-current. Long names are cut with an
// ellipsis (the full name in a tooltip) so the trail stays on one line at
// 390 px: a crumb between the first and the last takes at most a quarter
// of the line (a fixed share, so it never shrinks to nothing), the current
// page the rest.
import { ChevronRight } from 'lucide-react';
import Link from 'next/link';

export type Crumb = { label: string | undefined; href?: string };

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-3 min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-sm text-slate-600">
        {items.map((crumb, i) => {
          const last = i === items.length - 1;
          const label = crumb.label ?? '…';
          return (
            <li key={i} className={`flex min-w-0 items-center gap-1 ${i === 0 ? 'shrink-0' : last ? 'shrink' : 'max-w-[24%] shrink-0 sm:max-w-64'}`}>
              {i > 0 ? <ChevronRight className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" /> : null}
              {last || !crumb.href ? (
                <span aria-current={last ? 'page' : undefined} title={label} className={`truncate ${last ? 'font-medium text-slate-900' : ''}`}>
                  {label}
                </span>
              ) : (
                <Link
                  href={crumb.href}
                  title={label}
                  className="truncate rounded hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                >
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
