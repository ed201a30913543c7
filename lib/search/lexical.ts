// The full-text side of retrieval, one implementation per database. Both
// answer two questions: how many passages hold each term (to keep very
// common terms out of the ranked query), and which passages rank best for
// a set of terms, with the number of ranked rows bounded by `budget`.

/**
 * Document frequencies are counted up to this many (PostgreSQL stops
 * counting there; SQLite's exact counts are cut to it), so both databases
 * see the same figures and rank the same way. Past it a term is "common"
 * whatever its count.
 */
export const DF_COUNT_CAP = 20_001;
/** The same for the number of passages (IDF's N). */
export const TOTAL_COUNT_CAP = 100_000;

export type IndexTerm = { word: string; stem: string; prefix?: boolean };

export type Candidate = { passageId: number; lexical: number };

/**
 * `total` and `df`: the dataset's passages and how many hold each term (its
 * own statistics: IDF and "common" are judged within the dataset).
 * `postings`, when the index reads more than the dataset's matches to rank a
 * term (SQLite ranks over the whole index, then keeps the dataset's rows):
 * what ranking each term costs, for the budgets; else `df` is the cost.
 */
export type Frequencies = { total: number; df: Map<string, number>; postings?: Map<string, number> };

/** What ranking a term costs the index: its `postings` where the index gives them, else its `df`. */
export const costIn = (f: Frequencies, term: IndexTerm) => f.postings?.get(termKey(term)) ?? f.df.get(termKey(term)) ?? 0;

/**
 * `exclusive`: the counts say every passage holding any of the terms is the
 * dataset's (no other dataset uses them). An index that ranks across
 * datasets may then rank first and check the dataset on the best rows only.
 */
export type CandidateScope = {
  exclusive: boolean;
  /**
   * Each term's IDF in the dataset, keyed by termKey: an index whose own ranking does not weigh a term by
   * its rarity (PostgreSQL's ts_rank counts "python" as much as "exactly") ranks by it.
   */
  idf?: ReadonlyMap<string, number>;
};

export type LexicalIndex = {
  /** The dataset's statistics of these terms, keyed by termKey. */
  frequencies(datasetId: number, terms: IndexTerm[]): Promise<Frequencies>;
  /**
   * `or`: the best passages holding any of the (rare) terms, ranked over at most `budget` matches.
   * `and`: passages holding all the (common) terms; may come back unranked (lexical 0).
   */
  candidates(datasetId: number, terms: IndexTerm[], mode: 'or' | 'and', budget: number, pool: number, scope?: CandidateScope): Promise<Candidate[]>;
  /** How many of the dataset's passages use each of these words (up to DF_COUNT_CAP), keyed by termKey; words it does not use are left out. */
  usedWords(datasetId: number, words: IndexTerm[]): Promise<Map<string, number>>;
};

/** Key of a term in the df map: prefix terms are kept apart from whole words. */
export const termKey = (term: IndexTerm) => (term.prefix ? `${term.stem}*` : term.stem);
