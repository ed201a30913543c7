// Where the data lives and how people sign in.
import path from 'node:path';
import { z } from 'zod';

export const coreSchema = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  NEXTAUTH_SECRET: z.string().min(16, 'NEXTAUTH_SECRET must be at least 16 characters').optional(),
  USER_TOKEN_TTL_HOURS: z.coerce.number().int().positive().default(24),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  DEMO_PASSWORD: z.string().default('demo-password'),
});

export type CoreConfig = {
  databaseUrl: string;
  databaseProvider: 'sqlite' | 'postgresql';
  dataDir: string;
  /** Null: one is generated on first start and kept in the data folder (sessionSecret). */
  sessionSecret: string | null;
  userTokenTtlHours: number;
  seedDemo: boolean;
  /** Password of the seeded demo users. */
  demoPassword: string;
};

export function coreSettings(env: z.infer<typeof coreSchema>): CoreConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(process.cwd(), 'data'));
  const databaseUrl = env.DATABASE_URL ?? `file:${path.join(dataDir, 'app.db')}`;
  return {
    databaseUrl,
    databaseProvider: providerOf(databaseUrl),
    dataDir,
    sessionSecret: env.NEXTAUTH_SECRET ?? null,
    userTokenTtlHours: env.USER_TOKEN_TTL_HOURS,
    seedDemo: env.SEED_DEMO === '1',
    demoPassword: env.DEMO_PASSWORD,
  };
}

export function providerOf(url: string): 'sqlite' | 'postgresql' {
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgresql';
  if (url.startsWith('file:')) return 'sqlite';
  throw new Error('DATABASE_URL must be a file: URL (SQLite) or a postgres:// URL');
}
