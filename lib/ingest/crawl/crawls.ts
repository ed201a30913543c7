// Website crawls as the API sees them: starting one (an upload, its crawl
// row and the start page as its first item, in one transaction) and the
// crawl's progress beside the upload's. The pages found later become items
// of the same upload (crawl-pages.ts), so they are fetched, parsed and
// indexed by the same workers, with the same per-item states.
import { db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { importConfig } from '../config';
import { wakeImportWorkers } from '../wake';
import { refusalOfUrl } from '../submission-check';
import type { Resolver } from '../fetch-safely';
import type { CrawlBody } from './contract';
import { normaliseUrl } from './scope';

export type CrawlProgress = {
  start_url: string;
  max_pages: number;
  max_depth: number;
  scope: 'host' | 'path';
  include: string[];
  exclude: string[];
  /** Pages found (the start page, sitemap entries and links in scope), fetched, and indexed. */
  found: number;
  fetched: number;
  indexed: number;
  /** Of the indexed: pages imported by an earlier crawl whose bytes had not changed (not parsed again). */
  unchanged: number;
  failed: number;
  /** Of the pages found: the ones robots.txt disallows (recorded as failed, never fetched). */
  disallowed_by_robots: number;
  /** Links in scope not followed because the crawl had found max_pages pages. */
  over_limit: number;
  /** Pages listed by the site's sitemap(s); null until robots.txt and the sitemap were read. */
  sitemap_urls: number | null;
  robots_txt: boolean;
};

export async function createCrawl(
  projectId: number,
  body: CrawlBody,
  check: { resolve?: Resolver } = {},
): Promise<{ message: string; id: number; crawl_id: number }> {
  const dataset = await db().dataset.findUnique({ where: { projectId_name: { projectId, name: body.dataset_name } }, select: { id: true } });
  if (!dataset) throw notFound(`Dataset "${body.dataset_name}" not found in this project`);
  const start = new URL(body.site.url);
  // The start page's address is checked now (the worker checks every request again).
  const refusal = await refusalOfUrl(start.href, { resolve: check.resolve });
  if (refusal) throw badRequest(`site.url: ${start.href.slice(0, 200)} cannot be crawled. ${refusal}`);
  const url = normaliseUrl(start);
  const config = importConfig();
  const created = await db().$transaction(async (tx) => {
    const upload = await tx.upload.create({
      data: { projectId, name: body.name ?? `Site: ${start.host}${start.pathname}`.slice(0, 200) },
      select: { id: true },
    });
    const crawl = await tx.crawl.create({
      data: {
        uploadId: upload.id,
        startUrl: url,
        maxPages: body.site.max_pages,
        maxDepth: body.site.max_depth,
        scope: body.site.scope,
        include: JSON.stringify(body.site.include),
        exclude: JSON.stringify(body.site.exclude),
        delayMs: config.crawlDelayMs,
      },
      select: { id: true },
    });
    await tx.uploadItem.create({
      data: { uploadId: upload.id, position: 0, url, datasetName: body.dataset_name, subjectName: body.subject_name ?? null, crawlId: crawl.id, depth: 0 },
    });
    return { uploadId: upload.id, crawlId: crawl.id };
  });
  wakeImportWorkers();
  return { message: 'Crawl started', id: created.uploadId, crawl_id: created.crawlId };
}

/** The crawl of an upload with its counts, or null for an upload that is not a crawl. */
export async function crawlProgressOf(uploadId: number): Promise<CrawlProgress | null> {
  const crawl = await db().crawl.findUnique({ where: { uploadId } });
  if (!crawl) return null;
  const items = db().uploadItem;
  const [found, fetched, indexed, unchanged, failed, disallowed] = await Promise.all([
    items.count({ where: { crawlId: crawl.id } }),
    items.count({ where: { crawlId: crawl.id, fetchedAt: { not: null } } }),
    items.count({ where: { crawlId: crawl.id, state: 'done' } }),
    items.count({ where: { crawlId: crawl.id, state: 'done', outcome: 'unchanged' } }),
    items.count({ where: { crawlId: crawl.id, state: 'failed' } }),
    items.count({ where: { crawlId: crawl.id, state: 'failed', error: { startsWith: ROBOTS_REFUSAL } } }),
  ]);
  return {
    start_url: crawl.startUrl,
    max_pages: crawl.maxPages,
    max_depth: crawl.maxDepth,
    scope: crawl.scope as 'host' | 'path',
    include: JSON.parse(crawl.include) as string[],
    exclude: JSON.parse(crawl.exclude) as string[],
    found,
    fetched,
    indexed,
    unchanged,
    failed,
    disallowed_by_robots: disallowed,
    over_limit: crawl.overLimit,
    sitemap_urls: crawl.discoveredAt ? crawl.sitemapUrls : null,
    robots_txt: crawl.robots !== null,
  };
}

/** The start of an item's error when robots.txt disallowed its page. */
export const ROBOTS_REFUSAL = 'Not fetched: the site’s robots.txt disallows this page';
