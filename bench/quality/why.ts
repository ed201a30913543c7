// Why a question ranks as it does: its terms with their IDF, and the best
// passages with each part of their re-ranking score (lexical, coverage,
// title, proximity, support, lead), in-process on a database run.ts imported.
//
//   DATABASE_URL=file:/tmp/quality-bench/app.db DATA_DIR=/tmp/quality-bench [DATASET=…] npx tsx bench/quality/why.ts "question" ["question" …]
import { db } from '../../lib/db/client';
import { gather, rankGathered } from '../../lib/search/retrieve';

const dataset = await db().dataset.findFirstOrThrow({ where: { name: process.env.DATASET ?? 'PostgreSQL docs' }, orderBy: { id: 'desc' } });
for (const question of process.argv.slice(2)) {
  const gathered = await gather(dataset.id, question);
  const terms = gathered.plan?.terms.map((t) => `${t.stem}(${t.idf.toFixed(2)})`).join(' ');
  console.log(`\n## ${question}\nterms: ${terms}; candidates ${gathered.docs.length}`);
  for (const p of rankGathered(gathered, { topK: Number(process.env.TOPK ?? 8), minScore: 0 })) {
    const parts = Object.entries(p.parts ?? {})
      .map(([name, value]) => `${name} ${(value as number).toFixed(2)}`)
      .join(', ');
    console.log(`${p.score.toFixed(3)} ${p.content.source.split('/').pop()} | ${p.heading.slice(0, 70)} | ${parts}`);
  }
}
