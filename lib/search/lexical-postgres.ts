// PostgreSQL full text: the weighted tsvector of passage_search (GIN index).
// Ranked candidates go by the IDF of the terms a passage holds, ties by
// ts_rank (length-normalised; closer to SQLite bm25 than ts_rank_cd), so the
// same re-ranker sees nearly the same candidates on both databases; without
// IDFs, ts_rank over at most `budget` matches. Terms reach
// to_tsquery as bound parameters and are plain letters/digits by then
// (see text.ts), so no tsquery syntax can come from a question.
import { db, Prisma } from '../db/client';
import type { Candidate, IndexTerm, LexicalIndex } from './lexical';
import { DF_COUNT_CAP, TOTAL_COUNT_CAP, termKey } from './lexical';

// Weights of D, C (body, answer), B (subject, heading), A (content name).
const WEIGHTS = '{0.1, 0.4, 0.7, 1.0}';

/** How many more passages than the pool go on to ts_rank, with every passage as rare as the last of them. */
const TIE_BREAK = 3;

const lexeme = (t: IndexTerm) => `'${t.word}'${t.prefix ? ':*' : ''}`;

function tsquery(terms: IndexTerm[], mode: 'or' | 'and'): string {
  return terms.map(lexeme).join(mode === 'or' ? ' | ' : ' & ');
}

export const postgresIndex: LexicalIndex = {
  /**
   * From passage_lexeme_counts, which the database keeps in step with the
   * index inside every writer's transaction: one indexed row per word, and
   * the row '' for the dataset's size. The caps make the figures SQLite's.
   * A prefix term has no row of its own: its passages are counted.
   */
  async frequencies(datasetId, terms) {
    const words = terms.filter((t) => !t.prefix);
    const prefixes = terms.filter((t) => t.prefix);
    const rows = await db().$queryRaw<{ i: number; passages: number }[]>`
      SELECT t.i::int AS i, c.passages
      FROM unnest(${words.map((t) => t.word)}::text[]) WITH ORDINALITY AS t(word, i)
      JOIN passage_lexeme_counts c
        ON c.dataset_id = ${datasetId} AND c.lexeme = (tsvector_to_array(to_tsvector('english', t.word)))[1]
      UNION ALL
      SELECT 0, passages FROM passage_lexeme_counts WHERE dataset_id = ${datasetId} AND lexeme = ''
      ${
        prefixes.length
          ? Prisma.join(
              prefixes.map(
                (term, k) =>
                  Prisma.sql`UNION ALL SELECT ${-(k + 1)}, (SELECT count(*)::int FROM (SELECT 1 FROM passage_search WHERE dataset_id = ${datasetId} AND document @@ to_tsquery('english', ${lexeme(term)}) LIMIT ${DF_COUNT_CAP}) x)`,
              ),
              ' ',
            )
          : Prisma.empty
      }`;
    const found = new Map(rows.map((r) => [Number(r.i), Number(r.passages)]));
    const df = new Map<string, number>();
    words.forEach((term, k) => df.set(termKey(term), Math.min(DF_COUNT_CAP, Math.max(0, found.get(k + 1) ?? 0))));
    prefixes.forEach((term, k) => df.set(termKey(term), found.get(-(k + 1)) ?? 0));
    return { total: Math.min(TOTAL_COUNT_CAP, Math.max(0, found.get(0) ?? 0)), df };
  },

  /**
   * Each word as the index spells it (the English stemmer's lexeme), looked up by key; two words of one stem count
   * once. The lexemes go to the index as one list: joined word by word, the planner read every lexeme of the
   * dataset into a hash (14,000 rows for one misspelt word's 600 neighbours on the PostgreSQL manual).
   */
  async usedWords(datasetId, words) {
    const list = [...new Map(words.filter((t) => !t.prefix && t.word).map((t) => [t.word, t])).values()];
    if (!list.length) return new Map();
    const rows = await db().$queryRaw<{ i: number; passages: number }[]>`
      WITH w AS (
        SELECT t.i, (tsvector_to_array(to_tsvector('english', t.word)))[1] AS lexeme
        FROM unnest(${list.map((t) => t.word)}::text[]) WITH ORDINALITY AS t(word, i)
      ), used AS (
        SELECT lexeme, passages FROM passage_lexeme_counts
        WHERE dataset_id = ${datasetId} AND lexeme = ANY (ARRAY(SELECT lexeme FROM w WHERE lexeme IS NOT NULL)) AND lexeme <> '' AND passages > 0
      )
      SELECT w.i::int AS i, used.passages FROM w JOIN used ON used.lexeme = w.lexeme`;
    const used = new Map<string, number>();
    for (const row of rows) {
      const key = termKey(list[Number(row.i) - 1]);
      used.set(key, Math.max(used.get(key) ?? 0, Math.min(DF_COUNT_CAP, Number(row.passages))));
    }
    return used;
  },

  async candidates(datasetId, terms, mode, budget, pool, scope): Promise<Candidate[]> {
    if (!terms.length) return [];
    if (mode === 'or' && scope?.idf) return byRarity(datasetId, terms, scope.idf, budget, pool);
    const query = tsquery(terms, mode);
    const rows = await db().$queryRaw<{ id: number; score: number }[]>`
      SELECT c.passage_id AS id, ts_rank(${WEIGHTS}::float4[], c.document, q.query, 1)::float8 AS score
      FROM (
        SELECT passage_id, document FROM passage_search
        WHERE dataset_id = ${datasetId} AND document @@ to_tsquery('english', ${query})
        LIMIT ${budget}
      ) c, to_tsquery('english', ${query}) AS q(query)
      ORDER BY score DESC, c.passage_id LIMIT ${pool}`;
    return rows.map((r) => ({ passageId: Number(r.id), lexical: Number(r.score) }));
  },
};

/** A passage's rarity is rounded to millionths: passages holding the same terms tie exactly. */
const RARITY_SCALE = 1_000_000;

/**
 * ts_rank weighs every term alike, so "python" in a passage counted as much as "exactly" and the passages
 * full of a common word filled the pool. Here a passage scores the IDF of each term it holds (each term's
 * matches come from the GIN index, one bitmap scan a term, no ts_rank), and ts_rank only orders the best
 * TIE_BREAK × pool, and the passages tied with the last of them, among equals. Rows read: the terms' postings, which the plan keeps within `budget` (and
 * each term's at most `budget`, should the counts ever say less than the index holds).
 */
async function byRarity(datasetId: number, terms: IndexTerm[], idf: ReadonlyMap<string, number>, budget: number, pool: number): Promise<Candidate[]> {
  if (terms.length === 1) return oneTermByRarity(datasetId, terms[0], idf, budget, pool);
  // The sum is rounded (to millionths, kept as a float: rounding and sorting `numeric` took a quarter of the
  // query over 17,000 matching passages): passages holding the same terms tie whatever order the plan adds them in.
  // One branch a term, each with its own tsquery: the planner then reads each term's matches from the GIN
  // index (a join against a list of queries read every passage of the dataset once a term).
  const matches = Prisma.join(
    terms.map(
      (t) =>
        Prisma.sql`(SELECT passage_id, ${idf.get(termKey(t)) ?? 1}::float8 AS weight FROM passage_search
          WHERE dataset_id = ${datasetId} AND document @@ to_tsquery('english', ${lexeme(t)}) LIMIT ${budget})`,
    ),
    ' UNION ALL ',
  );
  const query = tsquery(terms, 'or');
  // Every passage as rare as the last one kept goes on to ts_rank: cutting a tie by passage id kept the passages
  // imported first ("use more than one database", one term in 1,000 passages, never met the page named
  // "Multiple databases"). At most the budget's rows, as the matches are.
  const rows = await db().$queryRaw<{ id: number; score: number }[]>`
    WITH scored AS (
      SELECT m.passage_id, round(sum(m.weight) * ${RARITY_SCALE}) AS rarity FROM (${matches}) m
      GROUP BY m.passage_id
    ), cut AS (
      SELECT rarity FROM scored ORDER BY rarity DESC OFFSET ${pool * TIE_BREAK - 1} LIMIT 1
    ), held AS (
      SELECT passage_id, rarity FROM scored WHERE rarity >= COALESCE((SELECT rarity FROM cut), 0)
    )
    SELECT h.passage_id AS id, h.rarity / ${RARITY_SCALE} AS score
    FROM held h JOIN passage_search ps ON ps.passage_id = h.passage_id, to_tsquery('english', ${query}) AS a(query)
    ORDER BY h.rarity DESC, ts_rank(${WEIGHTS}::float4[], ps.document, a.query, 1) DESC, h.passage_id LIMIT ${pool}`;
  return rows.map((r) => ({ passageId: Number(r.id), lexical: Number(r.score) }));
}

/**
 * One term: every match holds the same words, so every match ties on rarity and all of them went on to ts_rank,
 * each read a second time by its key after the scan that found it. At 1,000,000 passages a common word's 17,891
 * matches took 200 ms, half of it in that second read (bench/search/results.md). One scan ranks them with the
 * documents it has read: the same passages in the same order, with the same score, as the general query (when the
 * word has more matches than the budget, which the plan avoids, each query keeps the budget's worth its scan meets first).
 */
async function oneTermByRarity(datasetId: number, term: IndexTerm, idf: ReadonlyMap<string, number>, budget: number, pool: number): Promise<Candidate[]> {
  const weight = idf.get(termKey(term)) ?? 1;
  const query = tsquery([term], 'or');
  const rows = await db().$queryRaw<{ id: number; score: number }[]>`
    SELECT c.passage_id AS id, round(${weight}::float8 * ${RARITY_SCALE}) / ${RARITY_SCALE} AS score
    FROM (
      SELECT passage_id, document FROM passage_search
      WHERE dataset_id = ${datasetId} AND document @@ to_tsquery('english', ${lexeme(term)})
      LIMIT ${budget}
    ) c, to_tsquery('english', ${query}) AS a(query)
    ORDER BY ts_rank(${WEIGHTS}::float4[], c.document, a.query, 1) DESC, c.passage_id LIMIT ${pool}`;
  return rows.map((r) => ({ passageId: Number(r.id), lexical: Number(r.score) }));
}
