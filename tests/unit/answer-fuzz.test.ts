// The extractive composer on passages of every shape its rules look at, mixed at random (seeded: a failure
// reproduces from its case number). Its rules look back and forth between blocks — the code a sentence announces,
// the prose a pointer points back at, a caption's listing, a table's header — and an index off either end threw
// once (a passage opening with code before prose that points back). Whatever the shapes, an answer comes out,
// its code fences are balanced, no citation stands inside code, every citation names a source, and "See also"
// points to documents other than the one quoted, each once.
import { describe, expect, it } from 'vitest';
import { composeExtractive } from '@/lib/generation/extractive';
import { answerInput, passageOf } from '../helpers/answer-input';
import { seededRandom } from '../helpers/seeded-random';

const WORDS = ['index', 'table', 'column', 'default', 'value', 'cargo', 'build', 'fixture', 'test', 'server', 'cache', 'query', 'rows', 'lock'];

type Random = () => number;
const pick = <T>(random: Random, list: T[]): T => list[Math.floor(random() * list.length)];
const phrase = (random: Random, n: number) => Array.from({ length: n }, () => pick(random, WORDS)).join(' ');

/** One block of each kind the composer's rules name. */
const BLOCKS: ((random: Random) => string)[] = [
  (r) => `The ${phrase(r, 3)} keeps the ${phrase(r, 2)} for every ${pick(r, WORDS)}.`,
  (r) => `That will cause the ${phrase(r, 2)} to ${pick(r, WORDS)}.`,
  (r) => `This is so because the ${phrase(r, 2)} runs first.`,
  (r) => `To ${pick(r, WORDS)} a ${phrase(r, 2)}:`,
  (r) => `For example, consider this ${pick(r, WORDS)}:`,
  (r) => `\`\`\`\n${pick(r, WORDS)} --${pick(r, WORDS)} ${phrase(r, 2)}\n\`\`\``,
  (r) => `\`\`\`\n$ ${pick(r, WORDS)} run\n${phrase(r, 4)}\n\`\`\``,
  (r) => `Listing ${1 + Math.floor(r() * 9)}-${1 + Math.floor(r() * 9)}: ${phrase(r, 3)}`,
  (r) => `The code in Listing ${1 + Math.floor(r() * 9)}-${1 + Math.floor(r() * 9)} shows the ${pick(r, WORDS)}.`,
  (r) => `${pick(r, WORDS)} | ${pick(r, WORDS)} | ${phrase(r, 2)}`,
  (r) => `• ${phrase(r, 3)}`,
  (r) => `Filename: src/${pick(r, WORDS)}.rs`,
  (r) => `${pick(r, WORDS)}_${pick(r, WORDS)}(${pick(r, WORDS)}, *, ${pick(r, WORDS)}=None)`,
  () => 'Note',
  (r) => `${phrase(r, 2)}`,
  (r) => `is equivalent to ${phrase(r, 2)}:`,
  (r) => `Table ${1 + Math.floor(r() * 30)}.${1 + Math.floor(r() * 9)}. ${phrase(r, 2)}`,
  (r) => `Here, the ${phrase(r, 2)} is printed. See [${1 + Math.floor(r() * 3)}] for the ${pick(r, WORDS)}.`,
];

function passageText(random: Random): string {
  const count = 1 + Math.floor(random() * 9);
  return Array.from({ length: count }, () => pick(random, BLOCKS)(random)).join('\n\n');
}

/** The answer's text outside its fenced code blocks. */
const outsideCode = (answer: string) => answer.split(/^```.*$/m).filter((_, i) => i % 2 === 0);

describe('the extractive composer on passages of random shapes', () => {
  it('always answers, with balanced fences and citations only outside code, to sources that exist', () => {
    for (let seed = 1; seed <= 1500; seed++) {
      const random = seededRandom(seed);
      const sources = 1 + Math.floor(random() * 5);
      const documents = 1 + Math.floor(random() * sources);
      const passages = Array.from({ length: sources }, (_, i) => ({
        ...passageOf(1 + (i % documents), `${phrase(random, 2)} › ${phrase(random, 2)}`, passageText(random)),
        position: Math.floor(random() * 4),
        score: 1 - i * 0.1,
      }));
      const question = `how do I ${phrase(random, 1 + Math.floor(random() * 5))}${random() < 0.2 ? ' and how do I ' + phrase(random, 2) : ''}`;
      let answer = '';
      expect(() => {
        answer = composeExtractive(answerInput(question, passages));
      }, `case ${seed}`).not.toThrow();
      expect(answer.length, `case ${seed}`).toBeGreaterThan(0);
      const fences = answer.match(/^```/gm) ?? [];
      expect(fences.length % 2, `case ${seed}: ${answer}`).toBe(0);
      const codeParts = answer.split(/^```.*$/m).filter((_, i) => i % 2 === 1);
      for (const code of codeParts) expect(code, `case ${seed}: ${answer}`).not.toMatch(/\[\d+\]/);
      for (const text of outsideCode(answer)) {
        for (const [, n] of text.matchAll(/\[(\d+)\]/g)) expect(Number(n), `case ${seed}: ${answer}`).toBeLessThanOrEqual(sources);
      }
      // "See also" points to other documents than the one quoted, each once.
      const [excerpt, seeAlso] = answer.split('\n\nSee also:');
      if (seeAlso !== undefined) {
        const quoted = /\[(\d+)\]\s*$/.exec(excerpt);
        const cited = [...(quoted ? [quoted[1]] : []), ...[...seeAlso.matchAll(/\[(\d+)\]/g)].map((m) => m[1])];
        const documents = cited.map((n) => passages[Number(n) - 1].document);
        expect(new Set(documents).size, `case ${seed}: ${answer}`).toBe(documents.length);
      }
    }
  });
});
