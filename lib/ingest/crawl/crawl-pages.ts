// The worker's side of a crawl. Before a page is fetched it waits for its
// turn at the site (at most IMPORT_CRAWL_CONCURRENCY requests at a time, the
// crawl's delay between two starts; decided under the crawl row's lock, so
// it holds across app instances). The first time the start page is
// processed, robots.txt and the sitemap(s) are read (through the same
// guarded fetch as any page) and the sitemap's pages added. After each
// page's download its links are added, one level deeper, until max_depth.
// Pages are added under the crawl row's lock: deduplicated by URL (also a
// unique index), within max_pages.
import net from 'node:net';
import { db, type Tx } from '../../db/client';
import { refusalFor } from '../address-policy';
import { ImportError, refuse, transientFailure } from '../errors';
import { fetchSafely, type FetchedFile, type Resolver } from '../fetch-safely';
import type { ImportConfig } from '../config';
import type { ClaimedItem } from '../queue';
import { wakeImportWorkers } from '../wake';
import { ROBOTS_REFUSAL } from './crawls';
import { linksOf } from './links';
import { NO_ROBOTS, parseRobots, robotsAllow, ROBOTS_MAX_BYTES, type Robots } from './robots';
import { judge, normaliseUrl, type CrawlScope } from './scope';
import { parseSitemap, SITEMAP_MAX_BYTES, SITEMAP_MAX_FILES } from './sitemap';

type CrawlRow = NonNullable<Awaited<ReturnType<typeof loadCrawl>>>;
export type CrawlContext = { workerId: string; config: ImportConfig; signal?: AbortSignal; resolve?: Resolver };

/** The page must wait for its turn longer than a worker should sit idle: it goes back to the queue, due then. */
export class Postponed extends Error {
  constructor(readonly due: Date) {
    super('Waiting for its turn at the site');
  }
}

/** A worker waits in place at most this long for a turn; longer, it gives the page back. */
const WAIT_IN_PLACE_MS = 5_000;
/** Marks the items that hold a turn (upload_items.outcome) while they download. */
const TURN = 'turn';

const loadCrawl = (id: number) => db().crawl.findUnique({ where: { id } });

/**
 * Everything before a crawl page's download: its turn at the site, the
 * discovery of robots.txt and the sitemap (once, with the start page), and
 * robots.txt's verdict on the page itself.
 */
export async function beginCrawlPage(item: ClaimedItem, context: CrawlContext): Promise<CrawlRow> {
  let crawl = await loadCrawl(item.crawlId!);
  if (!crawl) throw refuse('The crawl of this page no longer exists');
  await takeTurn(item, crawl, context);
  if (!crawl.discoveredAt && item.depth === 0) crawl = await discover(crawl, item, context);
  const url = new URL(item.url);
  if (!robotsAllow(robotsOf(crawl), url.pathname + url.search)) throw refuse(ROBOTS_REFUSAL);
  return crawl;
}

/** After a page's download: counted as fetched, its turn given up, its links added (before its bytes go to the parse thread). */
export async function afterCrawlFetch(crawl: CrawlRow, item: ClaimedItem, fetched: FetchedFile, context: CrawlContext): Promise<void> {
  await db().uploadItem.updateMany({ where: { id: item.id, lockedBy: context.workerId }, data: { fetchedAt: new Date(), outcome: null } });
  if (item.depth === null || item.depth >= crawl.maxDepth || !looksLikeHtml(fetched)) return;
  const links = linksOf(fetched.bytes.toString('utf8'), fetched.finalUrl);
  const added = await db().$transaction((tx) => addPages(tx, crawl, item, links, item.depth! + 1, context.config), { maxWait: 30_000, timeout: 60_000 });
  if (added) wakeImportWorkers();
}

function looksLikeHtml(fetched: FetchedFile): boolean {
  if (/html/i.test(fetched.contentType)) return true;
  const head = fetched.bytes.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

async function takeTurn(item: ClaimedItem, crawl: CrawlRow, context: CrawlContext): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (context.signal?.aborted) throw transientFailure('The download was stopped');
    const wait = await db().$transaction(async (tx) => {
      await lockCrawl(tx, crawl.id);
      const row = await tx.crawl.findUniqueOrThrow({ where: { id: crawl.id }, select: { nextFetchAt: true, delayMs: true } });
      const now = new Date();
      if (row.nextFetchAt > now) return row.nextFetchAt.getTime() - now.getTime();
      const active = await tx.uploadItem.count({
        where: { crawlId: crawl.id, state: 'fetching', outcome: TURN, lockedUntil: { gt: now }, id: { not: item.id } },
      });
      if (active >= context.config.crawlConcurrency) return Math.max(50, row.delayMs);
      await tx.crawl.update({ where: { id: crawl.id }, data: { nextFetchAt: new Date(now.getTime() + row.delayMs) } });
      await tx.uploadItem.updateMany({ where: { id: item.id, lockedBy: context.workerId }, data: { outcome: TURN } });
      return 0;
    });
    if (wait === 0) return;
    if (Date.now() - started + wait > WAIT_IN_PLACE_MS) throw new Postponed(new Date(Date.now() + wait));
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Takes the crawl row's lock (PostgreSQL: the row; SQLite: the write lock) for the rest of the transaction. */
async function lockCrawl(tx: Tx, crawlId: number): Promise<void> {
  await tx.crawl.update({ where: { id: crawlId }, data: { overLimit: { increment: 0 } } });
}

const robotsCache = new Map<number, { text: string | null; robots: Robots }>();

function robotsOf(crawl: CrawlRow): Robots {
  const cached = robotsCache.get(crawl.id);
  if (cached && cached.text === crawl.robots) return cached.robots;
  const robots = crawl.robots ? parseRobots(crawl.robots) : NO_ROBOTS;
  if (robotsCache.size > 100) robotsCache.clear();
  robotsCache.set(crawl.id, { text: crawl.robots, robots });
  return robots;
}

/**
 * Reads robots.txt (a 4xx or an unreadable file: no rules) and the
 * sitemaps it names, else /sitemap.xml (a sitemap index is followed, at
 * most SITEMAP_MAX_FILES files on the start page's host). A transient
 * failure (5xx, network) retries the start page later.
 */
async function discover(crawl: CrawlRow, item: ClaimedItem, context: CrawlContext): Promise<CrawlRow> {
  const start = new URL(crawl.startUrl);
  const fetchOptions = (maxBytes: number) => ({
    signal: context.signal,
    resolve: context.resolve,
    config: { ...context.config, maxBytes: Math.min(context.config.maxBytes, maxBytes) },
  });
  let robotsText: string | null = null;
  try {
    const file = await fetchSafely(`${start.origin}/robots.txt`, fetchOptions(ROBOTS_MAX_BYTES));
    robotsText = file.bytes.toString('utf8');
  } catch (error) {
    if (error instanceof ImportError && error.transient) throw error;
  }
  const robots = robotsText ? parseRobots(robotsText) : NO_ROBOTS;
  const queue = robots.sitemaps.length ? [...robots.sitemaps] : [`${start.origin}/sitemap.xml`];
  const pages: URL[] = [];
  for (let files = 0; queue.length && files < SITEMAP_MAX_FILES; ) {
    const location = queue.shift()!;
    if (!URL.canParse(location) || new URL(location).host !== start.host) continue;
    files++;
    let file: FetchedFile;
    try {
      file = await fetchSafely(location, fetchOptions(SITEMAP_MAX_BYTES));
    } catch (error) {
      if (error instanceof ImportError && error.transient) throw error;
      continue;
    }
    const sitemap = parseSitemap(file.bytes, SITEMAP_MAX_BYTES, crawl.maxPages * 4);
    if (sitemap.kind === 'index') queue.push(...sitemap.locations);
    else for (const loc of sitemap.locations) if (URL.canParse(loc)) pages.push(new URL(loc));
  }
  const delayMs = robots.crawlDelaySeconds === null ? crawl.delayMs : Math.max(crawl.delayMs, Math.min(30_000, Math.round(robots.crawlDelaySeconds * 1000)));
  const updated = await db().$transaction(
    async (tx) => {
      await lockCrawl(tx, crawl.id);
      const current = await tx.crawl.findUniqueOrThrow({ where: { id: crawl.id } });
      if (current.discoveredAt) return current;
      const discovered = await tx.crawl.update({
        where: { id: crawl.id },
        data: { robots: robotsText, discoveredAt: new Date(), sitemapUrls: pages.length, delayMs },
      });
      await addPages(tx, discovered, item, pages, 1, context.config);
      return discovered;
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
  wakeImportWorkers();
  return updated;
}

type Candidate = { url: string; error: string | null };

/**
 * Adds found pages to the crawl: links outside the scope or the patterns
 * are left out; a link to an address the import policy refuses (an IP
 * literal: private, loopback without the test opt-in, metadata…) and a page
 * robots.txt disallows are recorded as failed with the reason, never
 * fetched; the rest are queued while the crawl has fewer than max_pages.
 * Returns how many were queued.
 */
async function addPages(tx: Tx, crawl: CrawlRow, parent: ClaimedItem, urls: URL[], depth: number, config: ImportConfig): Promise<number> {
  const robots = robotsOf(crawl);
  const scope: CrawlScope = {
    start: new URL(crawl.startUrl),
    scope: crawl.scope as 'host' | 'path',
    include: JSON.parse(crawl.include),
    exclude: JSON.parse(crawl.exclude),
  };
  const candidates = new Map<string, Candidate>();
  for (const url of urls) {
    const key = normaliseUrl(url);
    if (candidates.has(key) || key.length > 2000) continue;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const refusal = net.isIP(host) ? refusalFor(host, { allowLoopback: config.allowLoopback }) : null;
    if (refusal) {
      candidates.set(key, { url: key, error: `Not fetched: refused ${url.host}, ${host} is ${refusal}` });
      continue;
    }
    if (judge(url, scope) !== 'ok') continue;
    const allowed = robotsAllow(robots, url.pathname + url.search);
    candidates.set(key, { url: key, error: allowed ? null : ROBOTS_REFUSAL });
  }
  if (!candidates.size) return 0;
  await lockCrawl(tx, crawl.id);
  const keys = [...candidates.keys()];
  for (let i = 0; i < keys.length; i += 500) {
    const known = await tx.uploadItem.findMany({ where: { crawlId: crawl.id, url: { in: keys.slice(i, i + 500) } }, select: { url: true } });
    for (const row of known) candidates.delete(row.url);
  }
  if (!candidates.size) return 0;
  const pages = await tx.uploadItem.count({ where: { crawlId: crawl.id, NOT: { state: 'failed', attempts: 0 } } });
  let budget = crawl.maxPages - pages;
  let overLimit = 0;
  const last = await tx.uploadItem.aggregate({ where: { uploadId: parent.uploadId }, _max: { position: true } });
  let position = (last._max.position ?? 0) + 1;
  const rows = [];
  for (const candidate of candidates.values()) {
    if (!candidate.error && budget <= 0) {
      overLimit++;
      continue;
    }
    if (!candidate.error) budget--;
    rows.push({
      uploadId: parent.uploadId,
      position: position++,
      url: candidate.url,
      datasetName: parent.datasetName,
      subjectName: parent.subjectName,
      crawlId: crawl.id,
      depth,
      ...(candidate.error ? { state: 'failed', error: candidate.error } : {}),
    });
  }
  if (rows.length) await tx.uploadItem.createMany({ data: rows });
  if (overLimit) await tx.crawl.update({ where: { id: crawl.id }, data: { overLimit: { increment: overLimit } } });
  return rows.filter((row) => !('error' in row)).length;
}
