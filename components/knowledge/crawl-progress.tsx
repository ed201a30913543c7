'use client';
// A crawl's own progress on its upload page: pages found, fetched and
// indexed, with what was left out and why.
import { Card, formatNumber } from '@/components/ui';
import type { CrawlProgress } from './crawl-api';

const pages = (n: number) => `${formatNumber(n)} ${n === 1 ? 'page' : 'pages'}`;

export function CrawlProgressCard({ crawl }: { crawl: CrawlProgress }) {
  const figures: [string, number][] = [
    ['Pages found', crawl.found],
    ['Fetched', crawl.fetched],
    ['Indexed', crawl.indexed],
    ['Failed', crawl.failed],
  ];
  const notes = [
    crawl.sitemap_urls === null
      ? 'Reading robots.txt and the sitemap…'
      : crawl.sitemap_urls
        ? `${pages(crawl.sitemap_urls)} listed in the sitemap`
        : 'No sitemap: following links',
    crawl.unchanged ? `${pages(crawl.unchanged)} unchanged since an earlier crawl (not read again)` : null,
    crawl.disallowed_by_robots ? `${pages(crawl.disallowed_by_robots)} left out by robots.txt` : null,
    crawl.over_limit ? `${formatNumber(crawl.over_limit)} links not followed after ${formatNumber(crawl.max_pages)} pages` : null,
  ].filter(Boolean);
  return (
    <Card className="mb-6 p-4 sm:p-5">
      <p className="text-sm font-medium text-slate-800">
        Crawl of <span className="break-all">{crawl.start_url}</span>
      </p>
      <p className="mt-1 text-xs text-slate-500">
        {crawl.scope === 'path' ? 'Under the start page’s folder' : 'Anywhere on the site'} · up to {formatNumber(crawl.max_pages)} pages,{' '}
        {formatNumber(crawl.max_depth)} links deep
        {crawl.include.length ? ` · only ${crawl.include.join(', ')}` : ''}
        {crawl.exclude.length ? ` · leaving out ${crawl.exclude.join(', ')}` : ''}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" aria-label="Crawl progress" aria-live="polite">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-base font-semibold tabular-nums text-slate-900">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-3 space-y-0.5 text-xs text-slate-600">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </Card>
  );
}
