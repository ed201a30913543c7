// Where a search request spends its time, stage by stage, in-process on a
// seeded benchmark database: the same calls POST /searcher/v1/search makes
// (prepare = target, thread, retrieval, prompt; the provider's answer, with
// its token counts; the recording transaction), each timed apart. The HTTP
// request's time minus their sum is Next.js, authentication and JSON.
//
//   DATABASE_URL=file:/tmp/search-bench/app.db DATA_DIR=/tmp/search-bench npx tsx bench/search/profile.ts
import fs from 'node:fs';
import { benchQuestions } from './questions';
import { db } from '../../lib/db/client';
import { retrieve } from '../../lib/search/retrieve';
import { prepare, record } from '../../lib/search/pipeline';
import { countTokens } from '../../lib/text/tokens';
import { composeExtractive } from '../../lib/generation/extractive';
import type { SearchCaller } from '../../lib/search/contract';
import { searchRequestBody } from '../../lib/search/contract';

const CREDENTIALS = process.env.CREDENTIALS ?? '/tmp/search-bench/credentials.json';
const COUNT = Number(process.env.QUESTIONS ?? 300);
const credentials = JSON.parse(fs.readFileSync(CREDENTIALS, 'utf8')) as { datasetId: number };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

async function main() {
  const dataset = await db().dataset.findUniqueOrThrow({ where: { id: credentials.datasetId }, include: { project: true } });
  const datamodel = await db().datamodel.findFirstOrThrow({ where: { projectId: dataset.projectId } });
  const caller: SearchCaller = { organizationId: dataset.project.organizationId, projectId: dataset.projectId, origin: 'api', user: null, apiKeyId: null };
  const stages: Record<string, number[]> = {
    'prepare: target, thread, retrieval, prompt': [],
    'of which retrieval (timed as a call of its own)': [],
    'answer: composing the excerpt': [],
    'answer: token counts': [],
    'recording transaction': [],
    total: [],
  };
  const questions = benchQuestions(COUNT);
  for (const [i, question] of questions.entries()) {
    const body = searchRequestBody.parse({ question, model: datamodel.name });
    const t0 = performance.now();
    await retrieve(dataset.id, question, { topK: 5, minScore: 0 });
    const t1 = performance.now();
    const prepared = await prepare(body, caller, 'search');
    const t2 = performance.now();
    composeExtractive(prepared.input);
    const t3 = performance.now();
    const result = await prepared.provider.generate(prepared.input);
    const t4 = performance.now();
    await record(prepared, body, caller, 'search', result);
    const t5 = performance.now();
    if (i < 20) continue; // warm-up: tokenizer, statement caches, JIT
    stages['prepare: target, thread, retrieval, prompt'].push(t2 - t1);
    stages['of which retrieval (timed as a call of its own)'].push(t1 - t0);
    stages['answer: composing the excerpt'].push(t3 - t2);
    // The provider composes and counts: its time minus composing is the counting.
    stages['answer: token counts'].push(Math.max(0, t4 - t3 - (t3 - t2)));
    stages['recording transaction'].push(t5 - t4);
    stages.total.push(t2 - t1 + (t4 - t3) + (t5 - t4));
  }
  await countTokens('');
  console.log(`${questions.length - 20} questions (after 20 to warm up), in-process\n`);
  console.log('| stage | p50 ms | p95 ms | mean ms | share of mean |\n|---|---:|---:|---:|---:|');
  const totalMean = stages.total.reduce((a, b) => a + b, 0) / stages.total.length;
  for (const [name, values] of Object.entries(stages)) {
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    console.log(
      `| ${name} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 95).toFixed(1)} | ${mean.toFixed(1)} | ${name === 'total' || name.startsWith('of which') ? '' : `${((mean / totalMean) * 100).toFixed(0)} %`} |`,
    );
  }
  await db().$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
