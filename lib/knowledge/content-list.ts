// One page of a dataset's contents for the editors: optionally one subject's,
// filtered by a piece of the name or source (any ASCII case on SQLite, any
// case on PostgreSQL), sorted by name (natural order: "Report 2" before
// "Report 10"), by last update, or by id as the spec's plain listing is.
//
// The filter runs in the database with bound parameters (INSTR/STRPOS, so
// `%` and `_` in the text are plain characters, not LIKE wildcards); the
// matching ids (with names, for the natural sort that SQL cannot do
// portably) come back ordered, and only the page's rows are read whole.
import { db, isPostgres, Prisma } from '../db/client';
import { notFound } from '../errors';
import { findDataset } from './datasets';
import { contentRecord, type ContentRecord } from './serializers';

export type ContentSort = 'id' | 'name' | 'updated';
export type ContentListOptions = { subjectId?: number; q?: string; sort?: ContentSort; limit?: number; offset?: number };
export type ContentPage = { contents: ContentRecord[]; total: number };

const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const READ_CHUNK = 500;
const readRows = (ids: number[]) => db().content.findMany({ where: { id: { in: ids } } });

export async function listContentsPage(projectId: number, datasetId: number, options: ContentListOptions = {}): Promise<ContentPage> {
  await findDataset(projectId, datasetId);
  if (Object.values(options).every((value) => value === undefined)) {
    // The spec's plain listing: one read, as before these options existed.
    const rows = await db().content.findMany({ where: { datasetId }, orderBy: { id: 'asc' } });
    return { contents: rows.map(contentRecord), total: rows.length };
  }
  if (options.subjectId !== undefined) {
    const subject = await db().subject.findFirst({ where: { id: options.subjectId, datasetId }, select: { id: true } });
    if (!subject) throw notFound(`Subject ${options.subjectId} not found in dataset ${datasetId}`);
  }
  const sort = options.sort ?? 'id';
  const needle = options.q?.toLowerCase();
  const holds = (column: Prisma.Sql) =>
    isPostgres() ? Prisma.sql`STRPOS(LOWER(${column}), ${needle}) > 0` : Prisma.sql`INSTR(LOWER(${column}), ${needle}) > 0`;
  const where = [
    Prisma.sql`dataset_id = ${datasetId}`,
    ...(options.subjectId !== undefined ? [Prisma.sql`subject_id = ${options.subjectId}`] : []),
    ...(needle ? [Prisma.sql`(${holds(Prisma.raw('name'))} OR ${holds(Prisma.raw('source'))})`] : []),
  ];
  const order = sort === 'updated' ? Prisma.sql`ORDER BY updated_at DESC, id DESC` : Prisma.sql`ORDER BY id ASC`;
  const rows = await db().$queryRaw<{ id: number | bigint; name: string }[]>(
    Prisma.sql`SELECT id, name FROM contents WHERE ${Prisma.join(where, ' AND ')} ${order}`,
  );
  if (sort === 'name') rows.sort((a, b) => naturalOrder.compare(a.name, b.name) || Number(a.id) - Number(b.id));
  const offset = options.offset ?? 0;
  const pageIds = rows.slice(offset, options.limit === undefined ? undefined : offset + options.limit).map((r) => Number(r.id));
  const byId = new Map<number, Awaited<ReturnType<typeof readRows>>[number]>();
  // At most READ_CHUNK ids per statement (a page is at most 500; an unpaged filtered list can be long).
  for (let i = 0; i < pageIds.length; i += READ_CHUNK) {
    for (const row of await readRows(pageIds.slice(i, i + READ_CHUNK))) byId.set(row.id, row);
  }
  // A row deleted between the two reads is simply left out.
  const contents = pageIds.flatMap((id) => (byId.has(id) ? [contentRecord(byId.get(id)!)] : []));
  return { contents, total: rows.length };
}
