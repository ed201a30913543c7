// One claimed item from URL to indexed passages: fetch safely (an uploaded
// file: read its original from the database, files.ts), sniff and
// parse, split into passages (in a parse thread, parse-pool.ts), then write subject, content and passages and
// mark the item done in ONE transaction. A crash before that commit leaves
// nothing behind (the item is claimed again); a crash after it leaves the
// item done, so it is never imported twice. A re-import of the URL keeps
// the passages it did not change (lib/knowledge/passages.ts).
import crypto from 'node:crypto';
import { fetchSafely, HttpStatusFailure, type FetchedFile, type Resolver } from './fetch-safely';
import { readStoredFile } from './files';
import { parseUrlOf } from './file-names';
import { parseInThread } from './parse-pool';
import type { ParseOutput } from './parse-job';
import { ImportError, reasonOf, refuse } from './errors';
import { advance, backoffMs, completeIn, fail, postpone, release, renewLease, retryLater, type ClaimedItem, type SyncOutcome } from './queue';
import { afterCrawlFetch, beginCrawlPage, Postponed } from './crawl/crawl-pages';
import type { ImportConfig } from './config';
import { db, Prisma } from '../db/client';
import { replacePassages } from '../knowledge/passages';
import { lockIndexedTokens, tokenLimitProblem } from '../knowledge/token-limit';
import { embedPassages, storeVectors } from '../embeddings/store';

export type ProcessOptions = { workerId: string; config: ImportConfig; signal?: AbortSignal; resolve?: Resolver };

/** Thrown when another worker took the item over (our lease expired): we stop without writing. */
class LeaseLost extends Error {}

type Target = { organizationId: number; datasetId: number };

export async function processItem(item: ClaimedItem, options: ProcessOptions): Promise<void> {
  const { workerId, config } = options;
  const heartbeat = setInterval(() => void renewLease(item.id, workerId, config.leaseMs).catch(() => undefined), Math.max(50, config.leaseMs / 3));
  try {
    const target = await targetOf(item);
    const context = { workerId, config, signal: options.signal, resolve: options.resolve };
    // A crawl's page waits for its turn at the site; the start page also reads robots.txt and the sitemap.
    const crawl = item.crawlId === null ? null : await beginCrawlPage(item, context);
    // A re-sync compares with the stored content; so does a crawl's page imported before (a crawl run
    // again), though without a conditional request: its links are needed even when it is unchanged.
    const synced = item.sync ? await syncedContent(item, target) : crawl ? await storedContent(item, target) : null;
    const fetched = item.file
      ? await readUploaded(item.file)
      : await fetchSafely(item.url, {
          signal: options.signal,
          resolve: options.resolve,
          config,
          headers: synced && item.sync ? conditionalHeaders(synced) : undefined,
        });
    if (crawl) await afterCrawlFetch(crawl, item, fetched, context);
    const validators: Validators = {
      etag: fetched.etag ?? null,
      lastModified: fetched.lastModified ?? null,
      contentHash: fetched.status === 304 ? null : sha256(fetched.bytes),
    };
    // A re-sync: a 304, or the same bytes as last time, costs no parsing and no writing of passages.
    if (synced && (fetched.status === 304 || validators.contentHash === synced.contentHash)) {
      if (!(await recordUnchanged(item, synced, validators, workerId))) throw new LeaseLost();
      return;
    }
    if (!(await advance(item.id, workerId, 'parsing', config.leaseMs))) throw new LeaseLost();
    // Sniffing, parsing, splitting and token counting run in a parse thread; the bytes move there.
    const doc = await parseInThread(fetched.bytes, fetched.contentType, fetched.finalUrl, config);
    if (!doc.chunks.length) throw refuse(`The file has no text to import (read as ${doc.format})`);
    if (!(await advance(item.id, workerId, 'indexing', config.leaseMs))) throw new LeaseLost();
    await store(item, target, doc, workerId, validators, synced ? 'changed' : undefined);
  } catch (error) {
    await settle(item, options, error);
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * The stored original of an uploaded file. Its declared Content-Type is not
 * passed on (a browser derives it from the file name): the format is sniffed
 * from the bytes, the name's extension only tells Markdown or CSV from text.
 */
async function readUploaded(file: NonNullable<ClaimedItem['file']>): Promise<FetchedFile> {
  const { bytes } = await readStoredFile(file.id);
  return { bytes, contentType: '', finalUrl: parseUrlOf(file.name) };
}

/** The organisation and dataset an item imports into; the dataset must be in the upload's own project. */
async function targetOf(item: ClaimedItem): Promise<Target> {
  const upload = await db().upload.findUnique({ where: { id: item.uploadId }, select: { projectId: true, project: { select: { organizationId: true } } } });
  if (!upload) throw refuse('The upload no longer exists');
  const dataset = await db().dataset.findUnique({ where: { projectId_name: { projectId: upload.projectId, name: item.datasetName } }, select: { id: true } });
  if (!dataset) throw refuse(`Dataset "${item.datasetName}" does not exist in this project`);
  return { organizationId: upload.project.organizationId, datasetId: dataset.id };
}

type Validators = { etag: string | null; lastModified: string | null; contentHash: string | null };
type SyncedContent = { id: number; etag: string | null; lastModified: string | null; contentHash: string | null; missCount: number; tokenCount: number };

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The content a re-sync item checks (it must still exist: a re-sync never brings back a deleted content). */
async function syncedContent(item: ClaimedItem, target: Target): Promise<SyncedContent> {
  const content = await storedContent(item, target);
  if (!content) throw refuse('The content was deleted from the dataset before the re-sync reached it');
  return content;
}

function storedContent(item: ClaimedItem, target: Target): Promise<SyncedContent | null> {
  return db().content.findUnique({
    where: { datasetId_importUrl: { datasetId: target.datasetId, importUrl: item.url } },
    select: { id: true, etag: true, lastModified: true, contentHash: true, missCount: true, tokenCount: true },
  });
}

function conditionalHeaders(content: SyncedContent): Record<string, string> {
  const headers: Record<string, string> = {};
  if (content.etag) headers['if-none-match'] = content.etag;
  if (content.lastModified) headers['if-modified-since'] = content.lastModified;
  return headers;
}

/** Unchanged: the validators are refreshed and the miss count reset; passages are not touched. */
async function recordUnchanged(item: ClaimedItem, content: SyncedContent, validators: Validators, workerId: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    await tx.content.update({
      where: { id: content.id },
      data: { missCount: 0, etag: validators.etag ?? content.etag, lastModified: validators.lastModified ?? content.lastModified },
    });
    const passages = await tx.passage.count({ where: { contentId: content.id } });
    return completeIn(tx, item.id, workerId, { contentId: content.id, passages, tokens: content.tokenCount, outcome: 'unchanged' });
  });
}

/** MISSES_TO_REMOVE consecutive re-syncs that found the URL gone (404/410) remove its content. */
export const MISSES_TO_REMOVE = 2;

/**
 * The URL answered 404 or 410: the first time the content is kept ("missing":
 * a page can be briefly gone), the second consecutive time it is removed with
 * its passages, its tokens given back to the organisation, in one transaction.
 */
async function recordMiss(item: ClaimedItem, target: Target, content: SyncedContent, workerId: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const misses = content.missCount + 1;
    if (misses >= MISSES_TO_REMOVE) {
      await tx.content.delete({ where: { id: content.id } });
      await tx.organization.update({ where: { id: target.organizationId }, data: { indexedTokens: { decrement: content.tokenCount } } });
      return completeIn(tx, item.id, workerId, { contentId: null, passages: 0, tokens: 0, outcome: 'removed' });
    }
    await tx.content.update({ where: { id: content.id }, data: { missCount: misses } });
    return completeIn(tx, item.id, workerId, { contentId: content.id, passages: 0, tokens: 0, outcome: 'missing' });
  });
}

async function store(item: ClaimedItem, target: Target, doc: ParseOutput, workerId: string, validators: Validators, outcome?: SyncOutcome): Promise<void> {
  const { chunks } = doc;
  const { subjectName, contentName, source } = namesOf(item, doc);
  const fileId = item.file?.id ?? null;
  const newTokens = chunks.reduce((sum, c) => sum + c.tokenCount, 0);
  // Embedded before the transaction (a network call must not hold the write
  // lock), only the passages a re-import adds or changes; null without a
  // provider or when it failed: found lexically then.
  const stored = await db().content.findUnique({
    where: { datasetId_importUrl: { datasetId: target.datasetId, importUrl: item.url } },
    select: { id: true, name: true },
  });
  const embedded = await embedPassages(contentName, chunks, { stored });
  await db().$transaction(
    async (tx) => {
      // Locked first, so two imports cannot both pass the limit check.
      const room = await lockIndexedTokens(tx, target.organizationId);
      const existing = await tx.content.findUnique({ where: { datasetId_importUrl: { datasetId: target.datasetId, importUrl: item.url } } });
      const overLimit = tokenLimitProblem(room, 'Importing this file', { previous: existing?.tokenCount ?? 0, next: newTokens });
      if (overLimit) throw refuse(overLimit);
      const subject = await tx.subject.upsert({
        where: { datasetId_name: { datasetId: target.datasetId, name: subjectName } },
        create: { datasetId: target.datasetId, name: subjectName },
        update: {},
      });
      const fetchedAs = { ...validators, missCount: 0 };
      const content = existing
        ? await tx.content.update({ where: { id: existing.id }, data: { name: contentName, subjectId: subject.id, source, fileId, ...fetchedAs } })
        : await tx.content.create({
            data: { datasetId: target.datasetId, subjectId: subject.id, name: contentName, source, importUrl: item.url, fileId, ...fetchedAs },
          });
      const written = await replacePassages(
        tx,
        { id: content.id, datasetId: content.datasetId, tokenCount: existing?.tokenCount ?? 0 },
        target.organizationId,
        chunks,
      );
      await storeVectors(tx, content.datasetId, written.passages, embedded);
      if (!(await completeIn(tx, item.id, workerId, { contentId: content.id, passages: chunks.length, tokens: written.tokenCount, outcome })))
        throw new LeaseLost();
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
}

/** Defaults: a URL's host as subject and its file name as title; an uploaded file's own name, under "Uploaded files". */
function namesOf(item: ClaimedItem, doc: ParseOutput): { subjectName: string; contentName: string; source: string } {
  if (item.file) {
    return {
      subjectName: (item.subjectName ?? UPLOADED_FILES_SUBJECT).slice(0, 200),
      contentName: (item.contentName ?? doc.title ?? item.file.name).slice(0, 500),
      source: item.sourceLink ?? '',
    };
  }
  const url = new URL(item.url);
  return {
    subjectName: (item.subjectName ?? url.hostname).slice(0, 200),
    contentName: (item.contentName ?? doc.title ?? fileNameOf(url) ?? url.hostname).slice(0, 500),
    source: item.sourceLink ?? item.url,
  };
}

export const UPLOADED_FILES_SUBJECT = 'Uploaded files';

function fileNameOf(url: URL): string | null {
  const last = url.pathname.split('/').filter(Boolean).at(-1);
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

async function settle(item: ClaimedItem, options: ProcessOptions, error: unknown): Promise<void> {
  const { workerId, config } = options;
  if (error instanceof LeaseLost) return;
  if (options.signal?.aborted) return release(item.id, workerId);
  if (error instanceof Postponed) return postpone(item.id, workerId, error.due);
  // A re-sync found the page gone: counted as a miss, not a failure.
  if (item.sync && error instanceof HttpStatusFailure && (error.status === 404 || error.status === 410)) {
    const target = await targetOf(item);
    const content = await syncedContent(item, target).catch(() => null);
    if (content && (await recordMiss(item, target, content, workerId))) return;
  }
  // Database errors are retried; their text (SQL, constraint names) is for the log, not for the item.
  const databaseError = error instanceof Prisma.PrismaClientKnownRequestError;
  if (databaseError) console.warn(`[import] item ${item.id}: database error ${error.code}`, error.message);
  const reason = databaseError ? `A database error interrupted the import (${error.code})` : reasonOf(error);
  if (isTransient(error) && item.attempts < config.maxAttempts) {
    return retryLater(
      item.id,
      workerId,
      `${reason} (attempt ${item.attempts} of ${config.maxAttempts}, will retry)`,
      backoffMs(item.attempts, config.retryBaseMs),
    );
  }
  if (!(error instanceof ImportError) && !isTransient(error)) console.error(`[import] item ${item.id} failed unexpectedly`, error);
  return fail(item.id, workerId, isTransient(error) ? `${reason} (gave up after ${item.attempts} attempts)` : reason);
}

/** Network trouble, 5xx/429 and database contention are worth another try; a bad file is not. */
function isTransient(error: unknown): boolean {
  if (error instanceof ImportError) return error.transient;
  if (error instanceof Prisma.PrismaClientKnownRequestError) return true;
  const text = error instanceof Error ? `${error.name} ${error.message}` : '';
  return /SQLITE_BUSY|database is locked|deadlock|could not serialize|Transaction API error|connection/i.test(text);
}
