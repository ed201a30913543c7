// Deterministic rows of the benchmark data set and a bulk inserter that
// writes them with multi-row INSERT statements inside transactions, on
// SQLite (better-sqlite3) or PostgreSQL (pg), bypassing Prisma for speed.
import crypto from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { TOKEN_AND_RATING_COLUMNS } from '../../lib/reports/headers-i18n';
import { seededRandom } from '../../tests/helpers/seeded-random';

export type Catalog = {
  organizationId: number;
  /** [projectId, share of threads] */
  projects: { id: number; share: number }[];
  datamodels: { id: number; projectId: number; name: string; datasetId: number; datasetName: string; presetId: number }[];
};

const TYPES = ['search', 'search', 'search', 'stream', 'deepsearch'];
const ORIGINS = ['api', 'api', 'workspace', 'smartpage'];
const TOPICS = ['refund policy', 'password reset', 'invoice download', 'shipping times', 'API limits', 'account deletion', 'two-factor login', 'plan upgrade'];

export const CONVERSATION_COLUMNS = ['id', 'project_id', 'identifier', 'origin', 'user_email', 'created_at', 'updated_at'];
export const INTERACTION_COLUMNS = [
  'identifier',
  'conversation_id',
  'project_id',
  'organization_id',
  'type',
  'origin',
  'question',
  'content',
  'datamodel_id',
  'datamodel_name',
  'dataset_id',
  'dataset_name',
  'generative_model_name',
  'preset_id',
  'preset_name',
  ...TOKEN_AND_RATING_COLUMNS,
  'user_name',
  'user_email',
  'extra',
  'search',
  'user_prompt',
  'template_prompt',
  'day',
  'created_at',
  'updated_at',
];

export type Row = (string | number | null)[];

/**
 * Yields batches of [conversations, interactions]: `threads` threads spread
 * evenly, in time order, over the 365 days ending `lastDay`, `interactions / threads` interactions each,
 * a minute apart; about 5% rated, 2% with written feedback.
 */
export function* dataSet(
  catalog: Catalog,
  threads: number,
  interactions: number,
  lastDay: string,
  batch = 2000,
  sqliteDates = true,
): Generator<[Row[], Row[]]> {
  const rnd = seededRandom(42); // the same data set on both databases
  const perThread = Math.max(1, Math.round(interactions / threads));
  const end = Date.parse(`${lastDay}T23:59:00Z`);
  const span = 365 * 86_400_000 - perThread * 60_000;
  const stamp = (ms: number) => (sqliteDates ? new Date(ms).toISOString().replace('Z', '+00:00') : new Date(ms).toISOString());
  let conversations: Row[] = [];
  let rows: Row[] = [];
  for (let t = 0; t < threads; t++) {
    const pick = rnd();
    let acc = 0;
    const project = catalog.projects.find((p) => (acc += p.share) >= pick) ?? catalog.projects[0];
    const models = catalog.datamodels.filter((d) => d.projectId === project.id);
    // Threads start in time order (as a live service writes them), a few minutes of jitter apart.
    const started = end - span + Math.floor(((t + rnd()) / threads) * span);
    const conversationId = crypto.randomUUID();
    const origin = ORIGINS[Math.floor(rnd() * ORIGINS.length)];
    const email = `user${Math.floor(rnd() * 5000)}@bench.test`;
    conversations.push([conversationId, project.id, `thread-${t}`, origin, email, stamp(started), stamp(started + (perThread - 1) * 60_000)]);
    for (let k = 0; k < perThread; k++) {
      const at = started + k * 60_000;
      const dm = models[Math.floor(rnd() * models.length)];
      const type = TYPES[Math.floor(rnd() * TYPES.length)];
      const prompt = 200 + Math.floor(rnd() * 800);
      const completion = 50 + Math.floor(rnd() * 300);
      const total = prompt + completion;
      const fee = type === 'deepsearch' ? 3 : type === 'stream' ? 1.2 : 1;
      const rated = rnd();
      const evaluation = rated < 0.03 ? 'positive' : rated < 0.045 ? 'negative' : rated < 0.05 ? 'neutral' : null;
      const feedback = evaluation && rnd() < 0.4 ? 'The answer missed the point about the second step.' : null;
      const topic = TOPICS[Math.floor(rnd() * TOPICS.length)];
      rows.push([
        crypto.randomUUID(),
        conversationId,
        project.id,
        catalog.organizationId,
        type,
        origin,
        `How does the ${topic} work for customers on the yearly plan (${t}.${k})?`,
        `The ${topic} works as described in the handbook: open the settings page, choose the option and confirm. Contact support when the option is missing from your plan.`,
        dm.id,
        dm.name,
        dm.datasetId,
        dm.datasetName,
        'extractive',
        dm.presetId,
        'Support',
        prompt,
        completion,
        total,
        Math.ceil(total * fee),
        evaluation,
        feedback,
        evaluation === 'negative' ? '["incomplete"]' : null,
        'Bench User',
        email,
        '{}',
        '{"hits":3}',
        '',
        '',
        new Date(at).toISOString().slice(0, 10),
        stamp(at),
        stamp(at),
      ]);
    }
    if (conversations.length >= batch) {
      yield [conversations, rows];
      conversations = [];
      rows = [];
    }
  }
  if (conversations.length) yield [conversations, rows];
}

export interface BulkWriter {
  insert(table: string, columns: string[], rows: Row[]): Promise<void>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** Rows per INSERT statement; PostgreSQL allows 65,535 bound parameters. */
const ROWS_PER_STATEMENT = 500;

export function sqliteWriter(file: string): BulkWriter {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const statements = new Map<string, Database.Statement>();
  const statement = (table: string, columns: string[], n: number) => {
    const key = `${table}:${n}`;
    let s = statements.get(key);
    if (!s) {
      const one = `(${columns.map(() => '?').join(',')})`;
      s = db.prepare(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${Array(n).fill(one).join(',')}`);
      statements.set(key, s);
    }
    return s;
  };
  return {
    async insert(table, columns, rows) {
      db.transaction(() => {
        for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
          const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
          statement(table, columns, chunk.length).run(...chunk.flat());
        }
      })();
    },
    async exec(sql) {
      db.exec(sql);
    },
    async close() {
      db.close();
    },
  };
}

export async function postgresWriter(url: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async insert(table, columns, rows) {
      await client.query('BEGIN');
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
        const values = chunk.map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(',')})`).join(',');
        await client.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${values}`, chunk.flat());
      }
      await client.query('COMMIT');
    },
    async exec(sql) {
      await client.query(sql);
    },
    async close() {
      await client.end();
    },
  };
}
