// Limits and knobs of the import (URLs, files, crawls, parsing, passages).
// Defaults are safe for a public service; docs/import.md lists them.
import os from 'node:os';
import { z } from 'zod';

const MB = 1024 * 1024;

/** A whole number above zero (bytes, milliseconds, a count), `fallback` when unset. */
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const importSchema = z.object({
  IMPORT_MAX_BYTES: positiveInt(20 * MB),
  IMPORT_TIMEOUT_MS: positiveInt(30_000),
  IMPORT_IDLE_TIMEOUT_MS: positiveInt(10_000),
  IMPORT_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
  IMPORT_ALLOWED_PORTS: z
    .string()
    .regex(/^\s*\d{1,5}(\s*,\s*\d{1,5})*\s*$/, 'must be a comma-separated list of port numbers')
    .default('80,443,8080,8443'),
  IMPORT_ALLOW_LOOPBACK: z.enum(['0', '1', 'false', 'true']).default('0'),
  IMPORT_MAX_PDF_PAGES: positiveInt(500),
  IMPORT_MAX_UNZIPPED_BYTES: positiveInt(100 * MB),
  IMPORT_MAX_ZIP_ENTRIES: positiveInt(2_000),
  IMPORT_MAX_ATTEMPTS: positiveInt(4),
  IMPORT_RETRY_BASE_MS: positiveInt(2_000),
  IMPORT_LEASE_MS: positiveInt(60_000),
  IMPORT_POLL_MS: positiveInt(1_000),
  IMPORT_WORKERS: z.coerce.number().int().min(0).max(16).default(3),
  // Parsing runs in worker threads (parse-pool.ts): one per core, at most 2
  // by default, so a 2-core machine keeps a core's worth for requests.
  IMPORT_PARSE_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  IMPORT_PARSE_MEMORY_MB: z.coerce.number().int().min(32).max(4096).default(128),
  IMPORT_PARSE_TIMEOUT_MS: positiveInt(60_000),
  IMPORT_PASSAGE_TOKENS: z.coerce.number().int().min(32).max(4000).default(300),
  IMPORT_PASSAGE_OVERLAP_TOKENS: z.coerce.number().int().min(0).max(1000).default(40),
  // Files uploaded from the computer (POST /searcher/v1/upload/files): counted while the body streams in.
  IMPORT_UPLOAD_MAX_FILE_BYTES: positiveInt(20 * MB),
  IMPORT_UPLOAD_MAX_FILES: z.coerce.number().int().min(1).max(100).default(20),
  IMPORT_UPLOAD_MAX_REQUEST_BYTES: positiveInt(100 * MB),
  // Website crawls: requests to one site at the same time, and the pause between two of them.
  IMPORT_CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(2),
  IMPORT_CRAWL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
});

export type ImportConfig = {
  maxBytes: number;
  timeoutMs: number;
  idleTimeoutMs: number;
  maxRedirects: number;
  allowedPorts: number[];
  allowLoopback: boolean;
  maxPdfPages: number;
  maxUnzippedBytes: number;
  maxZipEntries: number;
  maxAttempts: number;
  retryBaseMs: number;
  leaseMs: number;
  pollMs: number;
  workers: number;
  parseThreads: number;
  parseMemoryMb: number;
  parseTimeoutMs: number;
  passageTokens: number;
  overlapTokens: number;
  upload: UploadLimits;
  crawlConcurrency: number;
  crawlDelayMs: number;
};

/** Limits of one POST /searcher/v1/upload/files request. */
export type UploadLimits = { maxFileBytes: number; maxFiles: number; maxRequestBytes: number };

export function importSettings(env: z.infer<typeof importSchema>): ImportConfig {
  const allowedPorts = env.IMPORT_ALLOWED_PORTS.split(',')
    .map((p) => Number(p.trim()))
    .filter((p) => Number.isInteger(p) && p > 0 && p < 65536);
  return {
    maxBytes: env.IMPORT_MAX_BYTES,
    timeoutMs: env.IMPORT_TIMEOUT_MS,
    idleTimeoutMs: env.IMPORT_IDLE_TIMEOUT_MS,
    maxRedirects: env.IMPORT_MAX_REDIRECTS,
    allowedPorts,
    allowLoopback: env.IMPORT_ALLOW_LOOPBACK === '1' || env.IMPORT_ALLOW_LOOPBACK === 'true',
    maxPdfPages: env.IMPORT_MAX_PDF_PAGES,
    maxUnzippedBytes: env.IMPORT_MAX_UNZIPPED_BYTES,
    maxZipEntries: env.IMPORT_MAX_ZIP_ENTRIES,
    maxAttempts: env.IMPORT_MAX_ATTEMPTS,
    retryBaseMs: env.IMPORT_RETRY_BASE_MS,
    leaseMs: env.IMPORT_LEASE_MS,
    pollMs: env.IMPORT_POLL_MS,
    workers: env.IMPORT_WORKERS,
    // Half the cores: the main thread keeps a core busy with downloads, the database and
    // requests. On 2 cores one thread imported the benchmark as fast as two (30 s vs 26 s)
    // at 458 MB peak instead of 581 MB (bench/ingest/results.md).
    parseThreads: env.IMPORT_PARSE_THREADS ?? Math.max(1, Math.floor(os.availableParallelism() / 2)),
    parseMemoryMb: env.IMPORT_PARSE_MEMORY_MB,
    parseTimeoutMs: env.IMPORT_PARSE_TIMEOUT_MS,
    passageTokens: env.IMPORT_PASSAGE_TOKENS,
    overlapTokens: env.IMPORT_PASSAGE_OVERLAP_TOKENS,
    crawlConcurrency: env.IMPORT_CRAWL_CONCURRENCY,
    crawlDelayMs: env.IMPORT_CRAWL_DELAY_MS,
    upload: { maxFileBytes: env.IMPORT_UPLOAD_MAX_FILE_BYTES, maxFiles: env.IMPORT_UPLOAD_MAX_FILES, maxRequestBytes: env.IMPORT_UPLOAD_MAX_REQUEST_BYTES },
  };
}
