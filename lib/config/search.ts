// Where a search's retrieval runs (lib/search/retrieval-threads.ts; docs/search.md).
import { z } from 'zod';
import type { operationsSchema } from './operations';

export const searchSchema = z.object({
  // 0: on the server's own thread. Empty: the default.
  SEARCH_THREADS: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(16).optional()),
});

/** VITEST (declared with the operations settings): tests retrieve on their own thread, since they change settings with overrideConfig, which a thread started earlier would not see. */
type SearchEnv = z.infer<typeof searchSchema> & Pick<z.infer<typeof operationsSchema>, 'VITEST'>;

/**
 * Retrieval threads per app process. By default one on SQLite, whose statements run on the calling
 * thread, and none on PostgreSQL, whose server process does the heavy part already (a thread measured no
 * faster there: bench/search/results.md); none under tests.
 */
export const searchThreadsOf = (env: SearchEnv, provider: 'sqlite' | 'postgresql'): number =>
  env.SEARCH_THREADS ?? (env.VITEST || provider === 'postgresql' ? 0 : 1);
