// The original Porter (1980) stemmer, the one SQLite's FTS5 `porter`
// tokenizer applies: the query terms we look up in the index vocabulary and
// the words the re-ranker compares must be stemmed exactly the same way.
// The `stemmer` package is that algorithm: on the 15,284 distinct words of the
// PostgreSQL manual it agrees with FTS5 on every one (our own hand-written
// version differed on one, "eed") and runs ~2.7x faster (tests/unit/stem.test.ts
// keeps the agreement checked against FTS5 itself).
import { stemmer } from 'stemmer';

/** The Porter stem of a lower-case word. */
export function porterStem(word: string): string {
  return stemmer(word);
}
