// The floor of each report: the SQL the report runs, sent straight to the
// database with no HTTP, no framework and no ORM (better-sqlite3 or pg).
import Database from 'better-sqlite3';
import pg from 'pg';

type FloorCase = { name: string; run: () => Promise<unknown>; close?: () => Promise<void> };

export async function floorCases(databaseUrl: string, lastDay: string): Promise<FloorCase[]> {
  const postgres = /^postgres(ql)?:/.test(databaseUrl);
  const monthStart = `${lastDay.slice(0, 7)}-01`;
  // The same statements the reports send (lib/reports/usage.ts and lib/reports/threads/), in each driver's placeholder style.
  const sql = {
    usage:
      'SELECT day, origin, datamodel_id, SUM(requests) AS requests, SUM(total_tokens) AS tokens, SUM(credits) AS credits FROM usage_daily WHERE organization_id = $1 AND day >= $2 AND day <= $3 GROUP BY day, origin, datamodel_id',
    count: 'SELECT COUNT(*) AS n FROM conversations c WHERE c.organization_id = $1 AND c.created_at >= $2',
    // What the report sends for that count since migration 20261123170000_thread_days.
    countDays: 'SELECT SUM(threads) AS n FROM thread_days WHERE organization_id = $1 AND day >= $2',
    page: 'SELECT c.id FROM conversations c WHERE c.organization_id = $1 AND c.created_at >= $2 ORDER BY c.created_at DESC, c.id DESC LIMIT 20 OFFSET 0',
    // evaluation=negative alone is read from the thread summary (conversations.evaluation_flags, bit 2).
    countNegative:
      'SELECT COUNT(*) AS n FROM conversations c WHERE c.organization_id = $1 AND c.created_at >= $2 AND c.evaluation_flags <> 0 AND (c.evaluation_flags & 2) <> 0',
    // question=refund, the naive way: every interaction of the period, its question lower-cased and searched.
    countQuestionNaive:
      'SELECT COUNT(DISTINCT i.conversation_id) AS n FROM interactions i JOIN conversations c ON c.id = i.conversation_id WHERE c.organization_id = $1 AND c.created_at >= $2 AND LOWER(i.question) LIKE $3',
    // question=refund through the per-thread index, PostgreSQL (SQLite's is an FTS5 count per project, below).
    countQuestionThreads: 'SELECT COUNT(*) AS n FROM thread_questions t WHERE t.organization_id = $1 AND t.created_at >= $2 AND t.questions LIKE $3',
    // question=refund by words, PostgreSQL: the vocabulary's words holding the term, then the threads holding one of them (the planner left to itself).
    countQuestionWords:
      'SELECT COUNT(*) AS n FROM thread_words t WHERE t.organization_id = $1 AND t.created_at >= $2 AND t.words && ARRAY(SELECT v.id * 4 + k FROM question_words v, generate_series(0, 3) AS k WHERE v.organization_id = $1 AND v.word LIKE $3)',
  };
  if (postgres) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const org = Number((await client.query('SELECT id FROM organizations ORDER BY id DESC LIMIT 1')).rows[0].id);
    const from = new Date('2025-02-01T00:00:00Z');
    const q = (text: string, values: unknown[]) => client.query(text, values);
    const indexed = new pg.Client({ connectionString: databaseUrl });
    await indexed.connect();
    await indexed.query('SET enable_seqscan = off; SET max_parallel_workers_per_gather = 0');
    const interactionsOf = async () => {
      const ids = (await q(sql.page, [org, from])).rows.map((r) => r.id);
      return q('SELECT * FROM interactions WHERE conversation_id = ANY($1) ORDER BY created_at, id', [ids]);
    };
    return [
      { name: 'usage_daily group-by, one month (overview, credits, tokens)', run: () => q(sql.usage, [org, monthStart, lastDay]) },
      { name: 'usage_daily group-by, 12 months', run: () => q(sql.usage, [org, '2025-11-23', lastDay]) },
      { name: 'threads count (defaults)', run: () => q(sql.count, [org, from]) },
      { name: 'threads count (defaults), daily thread counts', run: () => q(sql.countDays, [org, '2025-02-01']) },
      { name: 'threads page of 20 ids + their interactions', run: interactionsOf },
      { name: 'threads count, evaluation=negative', run: () => q(sql.countNegative, [org, from]) },
      { name: 'threads count, question=refund, naive scan of interactions', run: () => q(sql.countQuestionNaive, [org, from, '%refund%']) },
      { name: 'threads count, question=refund, per-thread index', run: () => q(sql.countQuestionThreads, [org, from, '%refund%']) },
      { name: 'threads count, question=refund, word index', run: () => q(sql.countQuestionWords, [org, from, '%refund%']) },
      // As the report sends it (lib/reports/threads/thread-words.ts): sequential scans and parallel workers off.
      { name: 'threads count, question=refund, word index, report settings', run: () => indexed.query(sql.countQuestionWords, [org, from, '%refund%']) },
      {
        name: 'threads count, question=plan (every thread), word index, report settings',
        run: () => indexed.query(sql.countQuestionWords, [org, from, '%plan%']),
        close: async () => {
          await client.end();
          await indexed.end();
        },
      },
    ];
  }
  const db = new Database(databaseUrl.replace(/^file:/, ''), { readonly: true });
  const org = Number((db.prepare('SELECT id FROM organizations ORDER BY id DESC LIMIT 1').get() as { id: number }).id);
  const from = '2025-02-01T00:00:00.000+00:00';
  const prep = (text: string) => db.prepare(text.replace(/\$(\d)/g, '@p$1'));
  const usage = prep(sql.usage);
  const count = prep(sql.count);
  const countDays = prep(sql.countDays);
  const page = prep(sql.page);
  const negative = prep(sql.countNegative);
  const naive = prep(sql.countQuestionNaive);
  // One rowid range per project: project_id * 2^40 + day * 2^23 onwards (migration 20261123160000_thread_questions).
  const fts = db.prepare('SELECT COUNT(*) AS n FROM thread_question_fts WHERE thread_question_fts MATCH ? AND rowid BETWEEN ? AND ?');
  const firstDay = BigInt(Date.parse('2025-02-01T00:00:00Z') / 86_400_000);
  const keyRanges = (db.prepare('SELECT id FROM projects WHERE organization_id = ?').all(org) as { id: number }[]).map(({ id }) => [
    (BigInt(id) << 40n) + (firstDay << 23n),
    ((BigInt(id) + 1n) << 40n) - 1n,
  ]);
  const interactionsOf = async () => {
    const ids = (page.all({ p1: org, p2: from }) as { id: string }[]).map((r) => r.id);
    return db.prepare(`SELECT * FROM interactions WHERE conversation_id IN (${ids.map(() => '?').join(',')}) ORDER BY created_at, id`).all(...ids);
  };
  return [
    { name: 'usage_daily group-by, one month (overview, credits, tokens)', run: async () => usage.all({ p1: org, p2: monthStart, p3: lastDay }) },
    { name: 'usage_daily group-by, 12 months', run: async () => usage.all({ p1: org, p2: '2025-11-23', p3: lastDay }) },
    { name: 'threads count (defaults)', run: async () => count.get({ p1: org, p2: from }) },
    { name: 'threads count (defaults), daily thread counts', run: async () => countDays.get({ p1: org, p2: '2025-02-01' }) },
    { name: 'threads page of 20 ids + their interactions', run: interactionsOf },
    { name: 'threads count, evaluation=negative', run: async () => negative.get({ p1: org, p2: from }) },
    { name: 'threads count, question=refund, naive scan of interactions', run: async () => naive.get({ p1: org, p2: from, p3: '%refund%' }) },
    {
      name: 'threads count, question=refund, per-thread index',
      run: async () => keyRanges.reduce((n, [low, high]) => n + Number((fts.get('"refund"', low, high) as { n: number }).n), 0),
      close: async () => {
        db.close();
      },
    },
  ];
}
