// Questions with a typing mistake: every question of a set asked as written
// and with one slip in its longest word, ranked in-process with the app's
// own retrieve() on a database run.ts imported (as tune.ts does). The slip is
// chosen from the question's id, so every run asks the same misspelt set:
// a letter left out, two letters swapped, a neighbouring key struck instead,
// or a key struck twice — never the first letter, in a word of six letters
// or more that is not code.
//
//   DATABASE_URL=file:/tmp/quality-bench/app.db DATA_DIR=/tmp/quality-bench [DATASET=… QUESTIONS=…] npx tsx bench/quality/typos.ts
//
// SHORT=1 swaps the middle letters of the first four-letter word instead ("list" → "lsit").
// VERBOSE=1 prints each misspelt question with the first expected page's rank, as written and misspelt.
import path from 'node:path';
import crypto from 'node:crypto';
import { db } from '../../lib/db/client';
import { retrieve } from '../../lib/search/retrieve';
import { isStopWord } from '../../lib/text/words';
import { distinctPages, halfOf, loadQuestionSet, rankOf, scores, type Half } from './metrics';

const set = loadQuestionSet(process.env.QUESTIONS ?? path.join(import.meta.dirname, 'questions.json'));

// The letters around each key of a QWERTY keyboard.
const NEIGHBOURS: Record<string, string> = {
  q: 'wa',
  w: 'qes',
  e: 'wrd',
  r: 'etf',
  t: 'ryg',
  y: 'tuh',
  u: 'yij',
  i: 'uok',
  o: 'ipl',
  p: 'ol',
  a: 'qsz',
  s: 'adwx',
  d: 'sfec',
  f: 'dgrv',
  g: 'fhtb',
  h: 'gjyn',
  j: 'hkum',
  k: 'jli',
  l: 'kop',
  z: 'xa',
  x: 'zcs',
  c: 'xvd',
  v: 'cbf',
  b: 'vng',
  n: 'bmh',
  m: 'nj',
};

/** The question with one slip in its longest plain word, or null when it has no word of six letters or more. */
function misspell(id: string, question: string): string | null {
  const candidates = [...question.matchAll(/(?<![\w.\-/`'])[a-z]{6,}(?![\w.\-/(`'])/g)];
  if (!candidates.length) return null;
  const target = candidates.reduce((best, m) => (m[0].length > best[0].length ? m : best));
  const word = target[0];
  const hash = crypto.createHash('sha256').update(id).digest();
  const at = 1 + (hash[0] % (word.length - 2)); // never the first or last letter
  const kind = hash[1] % 4;
  const letter = word[at];
  const near = NEIGHBOURS[letter] ?? 'e';
  const slipped =
    kind === 0
      ? word.slice(0, at) + word.slice(at + 1) // left out
      : kind === 1
        ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) // swapped with the next
        : kind === 2
          ? word.slice(0, at) + near[hash[2] % near.length] + word.slice(at + 1) // a neighbouring key
          : word.slice(0, at + 1) + letter + word.slice(at + 1); // struck twice
  if (slipped === word) return null;
  return question.slice(0, target.index) + slipped + question.slice(target.index! + word.length);
}

/**
 * SHORT=1: the question with its two middle letters swapped in its first four-letter word that is no stop word
 * ("sort a list" → "srot a list"), or null when it has none: words this short are read by swaps only.
 */
function swapShort(question: string): string | null {
  const target = [...question.matchAll(/(?<![\w.\-/`'])[a-z]{4}(?![\w.\-/(`'])/g)].find((m) => !isStopWord(m[0]));
  if (!target) return null;
  const word = target[0];
  const slipped = word[0] + word[2] + word[1] + word[3];
  if (slipped === word) return null;
  return question.slice(0, target.index) + slipped + question.slice(target.index! + word.length);
}

async function main() {
  const dataset = await db().dataset.findFirstOrThrow({ where: { name: process.env.DATASET ?? 'PostgreSQL docs' }, orderBy: { id: 'desc' } });
  const rows: { half: Half; clean: number | null; typo: number | null }[] = [];
  for (const [i, q] of set.questions.entries()) {
    const typo = process.env.SHORT === '1' ? swapShort(q.question) : misspell(q.id, q.question);
    if (!typo) continue;
    const rank = async (text: string) =>
      rankOf(distinctPages((await retrieve(dataset.id, text, { topK: 10, minScore: 0 })).map((p) => p.content.source)), q.pages);
    const row = { half: halfOf(i), clean: await rank(q.question), typo: await rank(typo) };
    rows.push(row);
    if (process.env.VERBOSE) console.log(`${row.clean ?? 'miss'}\t${row.typo ?? 'miss'}\t${typo}`);
  }
  const line = (label: string, ranks: (number | null)[]) => {
    const s = scores(ranks);
    return `${label.padEnd(14)} n=${String(s.n).padStart(3)}  R@1 ${s.r1.toFixed(3)}  R@5 ${s.r5.toFixed(3)}  MRR@10 ${s.mrr10.toFixed(3)}`;
  };
  for (const half of ['all', 'tune', 'check'] as const) {
    const part = rows.filter((r) => half === 'all' || r.half === half);
    console.log(
      line(
        `${half} as written`,
        part.map((r) => r.clean),
      ),
    );
    console.log(
      line(
        `${half} misspelt`,
        part.map((r) => r.typo),
      ),
    );
  }
}

await main();
