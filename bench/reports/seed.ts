// Seeds the reports benchmark: one organisation, two projects, five
// datamodels, 200,000 threads and 1,000,000 interactions over the 12 months
// ending LAST_DAY, then the usage_daily roll-ups by one INSERT … SELECT …
// GROUP BY. Tenancy rows go through the product's own functions; the bulk
// rows through multi-row INSERTs (bench/reports/rows.ts).
//
//   DATABASE_URL=file:/abs/path/bench.db npx tsx bench/reports/seed.ts
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/reports_bench npx tsx bench/reports/seed.ts
// Options (env): THREADS=200000 INTERACTIONS=1000000 LAST_DAY=2026-11-22
import fs from 'node:fs';
import path from 'node:path';
import { appConfig } from '../../lib/config';
import { db } from '../../lib/db/client';
import { migrateDatabase, sqliteFilePath } from '../../lib/db/migrate';
import { addMember, createOrganization, createProject, upsertPlan } from '../../lib/tenancy/organizations';
import { issueUserToken } from '../../lib/auth/users';
import { createProjectToken } from '../../lib/auth/keys';
import { createDatamodel, createPreset, upsertGenerativeModel } from '../../lib/generation/catalog';
import { CONVERSATION_COLUMNS, INTERACTION_COLUMNS, dataSet, postgresWriter, sqliteWriter, type Catalog } from './rows';

const THREADS = Number(process.env.THREADS ?? 200_000);
const INTERACTIONS = Number(process.env.INTERACTIONS ?? 1_000_000);
const LAST_DAY = process.env.LAST_DAY ?? '2026-11-22';
const PASSWORD = 'bench-password';
const WORD_INDEX_MIGRATION = '20261123180000_thread_words';

async function main() {
  const { databaseUrl, databaseProvider } = appConfig();
  const started = Date.now();
  // PostgreSQL's word index is built by its migration after the rows are in:
  // its triggers add ~3 ms to each of a million bulk-inserted rows.
  await migrateDatabase(databaseUrl, { before: databaseProvider === 'postgresql' ? WORD_INDEX_MIGRATION : undefined });
  if ((await db().interaction.count()) > 0) throw new Error('The database already has interactions; seed an empty one');

  await upsertPlan({
    name: 'Bench plan',
    creditLimit: 50_000_000,
    datamodelLimit: 10,
    privateSmartpageLimit: 5,
    publicSmartpageLimit: 5,
    privateSmartpageUserLimit: 100,
    indexedTokenLimit: 100_000_000,
  });
  const organization = await createOrganization({ name: 'Bench Org', planName: 'Bench plan' });
  const support = await createProject(organization.id, 'Support');
  const sales = await createProject(organization.id, 'Sales');
  const email = `owner-${Date.now()}@bench.test`;
  await addMember(organization.id, { email, name: 'Bench Owner', password: PASSWORD, role: 'OWNER' });
  await upsertGenerativeModel({ name: 'extractive', provider: 'extractive', feeSearch: 1, feeStream: 1.2, feeDeepsearch: 3 });

  const catalog: Catalog = {
    organizationId: organization.id,
    projects: [
      { id: support.id, share: 0.8 },
      { id: sales.id, share: 0.2 },
    ],
    datamodels: [],
  };
  const layout: [number, string, string][] = [
    [support.id, 'Handbook', 'Assistant'],
    [support.id, 'FAQ', 'Helpdesk'],
    [support.id, 'Policies', 'Compliance'],
    [sales.id, 'Pricing', 'Sales bot'],
    [sales.id, 'Catalog', 'Product finder'],
  ];
  for (const [projectId, datasetName, name] of layout) {
    const dataset = await db().dataset.create({ data: { projectId, name: datasetName } });
    const preset = await createPreset(projectId, { identifier: `preset-${name.toLowerCase().replace(/\s/g, '-')}`, generativeModelName: 'extractive' });
    const datamodel = await createDatamodel(projectId, { name, datasetName, presetIdentifier: preset.identifier });
    catalog.datamodels.push({ id: datamodel.id, projectId, name, datasetId: dataset.id, datasetName, presetId: preset.id });
  }

  const writer = databaseProvider === 'sqlite' ? sqliteWriter(sqliteFilePath(databaseUrl)) : await postgresWriter(databaseUrl);
  let written = 0;
  for (const [conversations, interactions] of dataSet(catalog, THREADS, INTERACTIONS, LAST_DAY, 2000, databaseProvider === 'sqlite')) {
    await writer.insert('conversations', CONVERSATION_COLUMNS, conversations);
    await writer.insert('interactions', INTERACTION_COLUMNS, interactions);
    written += interactions.length;
    if (written % 100_000 < interactions.length) console.log(`${written} interactions, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  await writer.exec(`
    INSERT INTO usage_daily (organization_id, project_id, day, datamodel_id, origin, interaction_type, requests, prompt_tokens, completion_tokens, total_tokens, credits)
    SELECT organization_id, project_id, day, COALESCE(datamodel_id, 0), origin, type, COUNT(*), SUM(prompt_tokens), SUM(completion_tokens), SUM(total_tokens), SUM(total_tokens_with_fee)
    FROM interactions WHERE organization_id = ${Number(organization.id)}
    GROUP BY organization_id, project_id, day, COALESCE(datamodel_id, 0), origin, type`);
  await writer.close();
  const indexing = Date.now();
  const applied = await migrateDatabase(databaseUrl);
  if (applied.length) console.log(`applied ${applied.join(', ')} in ${((Date.now() - indexing) / 1000).toFixed(0)} s`);
  const analyzer = databaseProvider === 'sqlite' ? sqliteWriter(sqliteFilePath(databaseUrl)) : await postgresWriter(databaseUrl);
  await analyzer.exec(databaseProvider === 'sqlite' ? 'ANALYZE' : 'VACUUM ANALYZE');
  await analyzer.close();

  const credentials = {
    databaseUrl,
    organizationId: organization.id,
    userToken: (await issueUserToken(email, PASSWORD, 'bench-seed')).access_token,
    projectToken: (await createProjectToken(support.id, { name: 'bench' })).token,
    lastDay: LAST_DAY,
  };
  const out = path.join(import.meta.dirname, 'results', 'tmp', `credentials-${databaseProvider}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  console.log(`seeded ${written} interactions in ${THREADS} threads in ${((Date.now() - started) / 1000).toFixed(1)} s; credentials in ${out}`);
  await db().$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
