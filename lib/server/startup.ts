// What the server does once at start, before it answers requests.
import { appConfig } from '../config';
import { migrateDatabase } from '../db/migrate';
import { seedDemo } from '../seed/demo';
import { startImportWorkers } from '../ingest/worker';

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
