// What the server does once at start, before it answers requests.
import { appConfig } from '../config';
import { migrateDatabase } from '../db/migrate';
import { openConnections } from '../db/client';
import { seedDemo } from '../seed/demo';
import { startImportWorkers } from '../ingest/worker';
import { embeddingsConfig } from '../embeddings/config';
import { backfillAllVectors } from '../embeddings/store';
import { detectVectorIndex } from '../search/vector-index';
import { warmRetrievalThreads } from '../search/retrieval-threads';
import { warmTokenizer } from '../text/tokens';
import { handleShutdownSignals } from './shutdown';
import { installFrontDoor } from '../http/front-door';

export async function startServer(): Promise<void> {
  // Before the first request: malformed paths and methods answered with {detail}, the
  // socket address stamped for route handlers (lib/http/front-door.ts).
  installFrontDoor();
  const config = appConfig();
  const applied = await migrateDatabase(config.databaseUrl);
  if (applied.length) console.log(`Applied ${applied.length} migration(s): ${applied.join(', ')}`);
  if (config.seedDemo) {
    const demo = await seedDemo();
    if (demo) printDemo(demo);
  }
  // Background import workers (IMPORT_WORKERS per process, 0 = none): they
  // pick up uploads left unfinished by an earlier run too.
  startImportWorkers();
  // Retrieval threads (SEARCH_THREADS) and the database connections a question uses start now: the first
  // question does not wait for them.
  warmRetrievalThreads();
  await openConnections();
  // Every search counts its tokens: the tables are built now rather than in the first question's time.
  warmTokenizer();
  handleShutdownSignals();
  await startHybridRetrieval();
}

/** With an embeddings provider: say how vectors are compared, and embed passages stored without a vector, in the background. */
async function startHybridRetrieval(): Promise<void> {
  const config = embeddingsConfig();
  if (!config) return;
  const index = await detectVectorIndex();
  console.log(`Hybrid retrieval with embeddings model "${config.model}" at ${config.baseUrl}: ${index.note}`);
  void backfillAllVectors().then((n) => n && console.log(`Embedded ${n} passage(s) that had no vector`));
}

function printDemo(demo: Awaited<ReturnType<typeof seedDemo>> & object) {
  const base = appConfig().addresses.publicUrl;
  // The password and the key are not printed: stdout ends up in log collectors.
  console.log(
    [
      '',
      'Seeded the demo organisation.',
      `  Sign in at ${base}/signin as ${demo.ownerEmail}; the password and an API key are in`,
      `  ${demo.credentialsFile} (readable by this user only; the key is stored only as a hash).`,
      '',
    ].join('\n'),
  );
}
