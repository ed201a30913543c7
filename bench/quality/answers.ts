// The embedded (extractive) answer on the benchmark's questions, in-process on
// a database run.ts imported: the top 5 passages are composed as a search
// does, and the script counts how often the source the answer quotes is one
// of the question's expected pages, and how often it is the first source;
// and, for how-to questions whose quoted source holds code, how often the
// answer shows some of it.
// VERBOSE=1 prints every answer, to be read as a person would.
//
//   DATABASE_URL=file:/tmp/quality-bench/app.db DATA_DIR=/tmp/quality-bench [DATASET=… QUESTIONS=…] npx tsx bench/quality/answers.ts
import path from 'node:path';
import { db } from '../../lib/db/client';
import { retrieve } from '../../lib/search/retrieve';
import { passageTitle } from '../../lib/search/passage-title';
import { composeExtractive } from '../../lib/generation/extractive';
import { isExpected, loadQuestionSet, pageOf } from './metrics';

const set = loadQuestionSet(process.env.QUESTIONS ?? path.join(import.meta.dirname, 'questions.json'));
const dataset = await db().dataset.findFirstOrThrow({ where: { name: process.env.DATASET ?? 'PostgreSQL docs' }, orderBy: { id: 'desc' } });
const only = process.env.ONLY?.split(',');

let onExpected = 0;
let first = 0;
let answered = 0;
let pointers = 0;
let pointersExpected = 0;
let howtoWithCode = 0;
let howtoShowingCode = 0;
const questions = set.questions.filter((q) => !only || only.includes(q.id));
for (const q of questions) {
  const found = await retrieve(dataset.id, q.question, { topK: 5, minScore: 0 });
  const passages = found.map((p) => ({
    title: passageTitle(p.content.name, p.heading),
    text: p.body,
    answer: p.answer,
    document: p.contentId,
    position: p.position,
    score: p.score,
  }));
  const answer = composeExtractive({
    question: q.question,
    passages,
    thread: [],
    contextOnly: false,
    userPrompt: '',
    parameters: { temperature: 0, maxTokens: 500 },
  });
  // The quoted source is the citation that ends the excerpt, before "See also".
  const [excerpt, pointed = ''] = answer.split('\n\nSee also:');
  const cited = /\[(\d+)\]\s*$/.exec(excerpt);
  const quoted = cited ? found[Number(cited[1]) - 1] : undefined;
  // The sources the answer points to after "See also:", and how many are an expected page.
  for (const [, n] of pointed.matchAll(/\[(\d+)\]/g)) {
    pointers++;
    if (isExpected(pageOf(found[Number(n) - 1].content.source), q.pages)) pointersExpected++;
  }
  if (quoted) {
    answered++;
    if (isExpected(pageOf(quoted.content.source), q.pages)) onExpected++;
    if (cited?.[1] === '1') first++;
    if (q.kind === 'howto' && quoted.body.includes('```')) {
      howtoWithCode++;
      if (excerpt.includes('```')) howtoShowingCode++;
    }
  }
  if (process.env.VERBOSE) {
    console.log(`\n===== ${q.id} ${q.question}  [expected ${q.pages.join(', ')}]`);
    found.forEach((p, i) => console.log(`  [${i + 1}] ${pageOf(p.content.source)} — ${passageTitle(p.content.name, p.heading)}`));
    console.log(answer);
  }
}
console.log(
  `\n${questions.length} questions: an answer quoted for ${answered}; the quoted source is an expected page for ${onExpected}, the first source for ${first}; see-also points to ${pointers} sources, ${pointersExpected} of them an expected page; how-to questions whose quoted source holds code: ${howtoWithCode}, the answer shows code for ${howtoShowingCode}`,
);
