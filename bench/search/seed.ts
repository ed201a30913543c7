// Seeds the search benchmark: one organisation with an API key, the dataset
// "Python docs" holding PASSAGES passages — the Python 3.11 documentation
// (about 11,000 passages), then distinct passages written by a bigram model
// of it (generate.ts), page by page — loaded through replacePassages as an
// import would, and a datamodel on the embedded extractive provider.
//
//   DATABASE_URL=file:/tmp/search-bench/app.db npx tsx bench/search/seed.ts
// Options (env): PASSAGES=100000  CREDENTIALS=/tmp/search-bench/credentials.json
import fs from 'node:fs';
import path from 'node:path';
import { appConfig } from '../../lib/config';
import { db } from '../../lib/db/client';
import { migrateDatabase } from '../../lib/db/migrate';
import { addMember, createOrganization, createProject, upsertPlan } from '../../lib/tenancy/organizations';
import { createApiKey } from '../../lib/auth/keys';
import { createDatamodel, createPreset, upsertGenerativeModel } from '../../lib/generation/catalog';
import { replacePassages, type PassageInput } from '../../lib/knowledge/passages';
import { countTokens } from '../../lib/text/tokens';
import { loadPages, type Page } from './corpus';
import { bigramModel, generatePassage, seededRandom } from './generate';

const PASSAGES = Number(process.env.PASSAGES ?? 100_000);
const CREDENTIALS = process.env.CREDENTIALS ?? '/tmp/search-bench/credentials.json';

async function main() {
  const { databaseUrl } = appConfig();
  const started = Date.now();
  await migrateDatabase(databaseUrl);
  await upsertPlan({
    name: 'Bench plan',
    creditLimit: 100_000_000,
    datamodelLimit: 10,
    privateSmartpageLimit: 5,
    publicSmartpageLimit: 5,
    privateSmartpageUserLimit: 100,
    indexedTokenLimit: 1_000_000_000,
  });
  const organization = await createOrganization({ name: `Search bench ${Date.now()}`, planName: 'Bench plan' });
  const project = await createProject(organization.id, 'Docs');
  const owner = await addMember(organization.id, { email: `owner-${Date.now()}@bench.test`, name: 'Bench Owner', password: 'bench-password', role: 'OWNER' });
  const apiKey = await createApiKey(project.id, { name: 'bench', userId: owner.id });
  await upsertGenerativeModel({ name: 'extractive', provider: 'extractive', feeSearch: 1, feeStream: 1, feeDeepsearch: 2 });

  const dataset = await db().dataset.create({ data: { projectId: project.id, name: 'Python docs' } });
  const pages = loadPages();
  const model = bigramModel(pages);
  const rand = seededRandom(2026);
  const subjects = new Map<string, number>();
  let loaded = 0;
  // Copy 1 is the documentation itself; every later copy of a page is new text of the same shape.
  const pageFor = (page: Page, copy: number): Page =>
    copy === 1
      ? page
      : {
          ...page,
          name: `${page.name} — part ${copy}`,
          passages: page.passages.map((p) => generatePassage(model, rand, Math.max(8, p.text.split(/\s+/).length))),
        };
  for (let copy = 1; loaded < PASSAGES; copy++) {
    for (const original of pages) {
      if (loaded >= PASSAGES) break;
      const page = pageFor(original, copy);
      if (!subjects.has(page.subject)) subjects.set(page.subject, (await db().subject.create({ data: { datasetId: dataset.id, name: page.subject } })).id);
      const content = await db().content.create({
        data: {
          datasetId: dataset.id,
          subjectId: subjects.get(page.subject)!,
          name: page.name,
          source: copy === 1 ? page.source : `${page.source}?part=${copy}`,
        },
      });
      const passages: PassageInput[] = [];
      for (const p of page.passages.slice(0, PASSAGES - loaded)) passages.push({ heading: p.heading, text: p.text, tokenCount: await countTokens(p.text) });
      await db().$transaction((tx) => replacePassages(tx, content, organization.id, passages));
      loaded += passages.length;
    }
    console.log(`copy ${copy}: ${loaded} passages (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await createPreset(project.id, { identifier: 'default', generativeModelName: 'extractive', parameters: { top_k: 5, min_score: 0 } });
  await createDatamodel(project.id, { name: 'Python docs assistant', datasetName: 'Python docs', presetIdentifier: 'default' });
  fs.mkdirSync(path.dirname(CREDENTIALS), { recursive: true });
  fs.writeFileSync(CREDENTIALS, JSON.stringify({ databaseUrl, apiKey: apiKey.token, datasetId: dataset.id, passages: loaded }, null, 2), { mode: 0o600 });
  console.log(`seeded ${loaded} passages in ${((Date.now() - started) / 1000).toFixed(1)} s; credentials in ${CREDENTIALS}`);
  await db().$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
