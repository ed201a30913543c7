// Distinct passages past the real documentation: a seeded bigram model of the
// documentation's own text writes new passages, so a 1,000,000-passage index
// has the vocabulary and the term frequencies of real documentation (common
// words common, rare words rare, words in their usual company) without one
// passage repeating another. Repeating the corpus instead would give every
// term of a question the same postings ×N and flatter the index.
import type { Page } from './corpus';

/** Deterministic: the same seed gives the same corpus on every run and database. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

type Model = { next: Map<string, string[]>; starts: string[]; headings: string[][] };

/** Successor lists of every word (with repeats, so sampling follows the real frequencies). */
export function bigramModel(pages: Page[]): Model {
  const next = new Map<string, string[]>();
  const starts: string[] = [];
  const headings: string[][] = [];
  for (const page of pages) {
    for (const passage of page.passages) {
      const tokens = passage.text.split(/\s+/).filter(Boolean);
      if (tokens.length) starts.push(tokens[0]);
      for (let i = 0; i + 1 < tokens.length; i++) {
        const list = next.get(tokens[i]);
        if (list) list.push(tokens[i + 1]);
        else next.set(tokens[i], [tokens[i + 1]]);
      }
      headings.push(passage.heading.split(/\s+/).filter(Boolean));
    }
  }
  return { next, starts, headings };
}

/** A new passage of about `length` words: a walk of the bigram chain, restarted at a passage start when it dead-ends. */
export function generatePassage(model: Model, rand: () => number, length: number): { heading: string; text: string } {
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const words: string[] = [];
  let word = pick(model.starts);
  while (words.length < length) {
    words.push(word);
    const successors = model.next.get(word);
    word = successors?.length ? pick(successors) : pick(model.starts);
  }
  // A real heading with one word swapped for a random word of the text: headings stay heading-like and distinct.
  const heading = [...pick(model.headings)];
  if (heading.length) heading[Math.floor(rand() * heading.length)] = pick(words);
  return { heading: heading.join(' '), text: words.join(' ') };
}
