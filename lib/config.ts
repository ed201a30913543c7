// Environment variables, validated once. Every setting has a default that
// works on a fresh machine with the embedded SQLite database.
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from './server/private-files';
import crypto from 'node:crypto';
import { z } from 'zod';

const schema = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  NEXTAUTH_SECRET: z.string().min(16, 'NEXTAUTH_SECRET must be at least 16 characters').optional(),
  USER_TOKEN_TTL_HOURS: z.coerce.number().int().positive().default(24),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
});

export type AppConfig = {
  databaseUrl: string;
  databaseProvider: 'sqlite' | 'postgresql';
  dataDir: string;
  userTokenTtlHours: number;
  seedDemo: boolean;
};

let cached: AppConfig | undefined;

export function appConfig(): AppConfig {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(process.cwd(), 'data'));
  const databaseUrl = env.DATABASE_URL ?? `file:${path.join(dataDir, 'app.db')}`;
  cached = {
    databaseUrl,
    databaseProvider: providerOf(databaseUrl),
    dataDir,
    userTokenTtlHours: env.USER_TOKEN_TTL_HOURS,
    seedDemo: env.SEED_DEMO === '1',
  };
  return cached;
}

export function providerOf(url: string): 'sqlite' | 'postgresql' {
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgresql';
  if (url.startsWith('file:')) return 'sqlite';
  throw new Error('DATABASE_URL must be a file: URL (SQLite) or a postgres:// URL');
}

/**
 * The secret that signs browser sessions. Zero set-up: when NEXTAUTH_SECRET
 * is not set, one is generated on first start and kept in the data folder so
 * sessions survive restarts.
 */
export function sessionSecret(): string {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  const file = path.join(appConfig().dataDir, '.session-secret');
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
