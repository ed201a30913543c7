// The configuration: every environment variable the server reads (database,
// sign-in, addresses, rate limits, imports, embeddings, answers, reports,
// logs and metrics), checked by one zod schema and read once (the server
// reads it at start, so a wrong value stops it there with every problem
// named). Each part's variables and defaults live beside it in this folder;
// every setting has a default that works on a fresh machine with the
// embedded SQLite database. Not here: what the scripts that run before the
// app read (scripts/*.mjs: NEXT_DIST_DIR, SERVER_*, MALLOC_ARENA_MAX), and
// the provider keys a generative model names (read by that name when it is
// called: any variable may be one).
//
// Tests change settings through overrideConfig(), never by writing
// process.env after the first read (which is ignored).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { z } from 'zod';
import { ensurePrivateDir } from '../server/private-files';
import { addressesOf, addressesSchema, type Addresses } from './addresses';
import { coreSchema, coreSettings, type CoreConfig } from './core';
import { embeddingsSchema, embeddingsSettings, type EmbeddingsConfig } from './embeddings';
import { generationOf, generationSchema, type GenerationConfig } from './generation';
import { importSchema, importSettings, type ImportConfig } from './import';
import { operationsOf, operationsSchema, type OperationsConfig } from './operations';
import { apiRateLimitOf, rateLimitsSchema, redisUrlOf, type RateLimit } from './rate-limits';
import { reportDownloadBatchOf, reportsSchema } from './reports';
import { searchSchema, searchThreadsOf } from './search';
import { signInLimitOf, signInSchema, type SignInLimit } from './sign-in';
import { smartpageRateLimitOf, smartpagesSchema } from './smartpages';

export { providerOf } from './core';
export type { RateLimit } from './rate-limits';
export type { SignInLimit } from './sign-in';

export type AppConfig = CoreConfig & {
  import: ImportConfig;
  /** Null: no provider, retrieval stays lexical. */
  embeddings: EmbeddingsConfig | null;
  /** Null: smartpages are not rate limited. */
  smartpageRateLimit: RateLimit | null;
  /** Null: requests per credential are not limited (unless a plan sets a limit). */
  apiRateLimit: RateLimit | null;
  /** Null: each process keeps its own rate-limit buckets. */
  redisUrl: string | null;
  signInLimit: SignInLimit;
  addresses: Addresses;
  generation: GenerationConfig;
  operations: OperationsConfig;
  /** Threads read per query while a report download streams. */
  reportDownloadBatch: number;
  /** Worker threads that run retrieval (0: the server's own thread). */
  searchThreads: number;
};

const schema = z.object({
  ...coreSchema.shape,
  ...importSchema.shape,
  ...embeddingsSchema.shape,
  ...smartpagesSchema.shape,
  ...addressesSchema.shape,
  ...signInSchema.shape,
  ...rateLimitsSchema.shape,
  ...generationSchema.shape,
  ...reportsSchema.shape,
  ...operationsSchema.shape,
  ...searchSchema.shape,
});

type Env = Record<string, string | undefined>;

/** The configuration these variables give; throws one error naming every wrong one. */
export function readConfig(env: Env): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const vars = parsed.data;
  const core = coreSettings(vars);
  return {
    ...core,
    import: importSettings(vars),
    embeddings: embeddingsSettings(vars),
    smartpageRateLimit: smartpageRateLimitOf(vars),
    apiRateLimit: apiRateLimitOf(vars),
    redisUrl: redisUrlOf(vars),
    signInLimit: signInLimitOf(vars),
    addresses: addressesOf(vars),
    generation: generationOf(vars),
    operations: operationsOf(vars),
    reportDownloadBatch: reportDownloadBatchOf(vars),
    searchThreads: searchThreadsOf(vars, core.databaseProvider),
  };
}

let cached: AppConfig | undefined;
let overrides: Env = {};

/** The configuration, read from the environment on first use and kept. */
export function appConfig(): AppConfig {
  cached ??= readConfig({ ...process.env, ...overrides });
  return cached;
}

/**
 * For tests: sets variables over the environment; the configuration is read
 * again on next use. Overrides add up; a variable given as undefined drops
 * its override (back to the environment's value), and no argument drops
 * them all: `overrideConfig({ IMPORT_MAX_BYTES: '1024' })` … `overrideConfig()`.
 */
export function overrideConfig(vars?: Env): void {
  overrides = vars ? { ...overrides, ...vars } : {};
  for (const [name, value] of Object.entries(vars ?? {})) if (value === undefined) delete overrides[name];
  cached = undefined;
}

/**
 * The secret that signs browser sessions. Zero set-up: when NEXTAUTH_SECRET
 * is not set, one is generated on first start and kept in the data folder so
 * sessions survive restarts.
 */
export function sessionSecret(): string {
  const config = appConfig();
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, '.session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    ensurePrivateDir(path.dirname(file));
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
}
