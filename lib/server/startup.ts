// What the server does once at start, before it answers requests.
import { appConfig } from '../config';
import { migrateDatabase } from '../db/migrate';
import { seedDemo } from '../seed/demo';
import { startImportWorkers } from '../ingest/worker';
import { embeddingsConfig } from '../embeddings/config';
import { backfillAllVectors } from '../embeddings/store';
import { detectVectorIndex } from '../search/vector-index';

export async function startServer(): Promise<void> {
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
  const base = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  console.log(
    [
      '',
      'Seeded the demo organisation (shown once; the API key is stored only as a hash):',
      `  Sign in:   ${base}/signin  as ${demo.ownerEmail} / ${demo.ownerPassword}`,
      `  API key:   ${demo.apiKey}`,
      `  Try:       curl -H "Authorization: Bearer ${demo.apiKey}" ${base}/searcher/v1/datasets`,
      `  A key is also written to ${demo.credentialsFile}`,
      '',
    ].join('\n'),
  );
}
