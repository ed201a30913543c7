// Running the server: logs, who may read the metrics, how long a stop waits.
import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const operationsSchema = z.object({
  // Any case, blanks around it ignored; empty: the default.
  LOG_LEVEL: z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value), z.enum(LOG_LEVELS).optional()),
  /** Set by vitest: logs are silent in tests unless LOG_LEVEL says otherwise. */
  VITEST: z.string().optional(),
  METRICS_TOKEN: z.string().optional(),
  // At most what setTimeout can wait.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(2_147_483_647).default(10_000),
});

export type OperationsConfig = {
  logLevel: (typeof LOG_LEVELS)[number];
  /** Null (also for an empty value): only this machine may read GET /api/metrics. */
  metricsToken: string | null;
  /** How long a stopping server lets the requests in flight finish (lib/server/shutdown.ts). */
  shutdownGraceMs: number;
};

export function operationsOf(env: z.infer<typeof operationsSchema>): OperationsConfig {
  return {
    logLevel: env.LOG_LEVEL ?? (env.VITEST ? 'silent' : 'info'),
    metricsToken: env.METRICS_TOKEN || null,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
  };
}
