// GET /api/v1/report_download: the .xlsx opened back with exceljs.
import { beforeAll, describe, expect, it } from 'vitest';
import { overrideConfig } from '@/lib/config';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { GET as download } from '@/app/api/v1/report_download/route';
import { threadIdBatches } from '@/lib/reports/threads/read';
import { call, expectError } from '../helpers/http';
import { recordTurn } from '../helpers/interactions';
import { limitCases, REPORT_DATE_CASES } from '../helpers/query-cases';
import { newConversation, reportTenant, type ReportTenant } from './reports-fixture';

const MARCH = { start_date: '2025-03-01', end_date: '2025-03-31' };
const HOSTILE = ['=HYPERLINK("http://evil.test","x")', '+1+2', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1'];

let t: ReportTenant;

beforeAll(async () => {
  t = await reportTenant('download');
  // A later thread whose questions look like formulas (all in one thread, 2025-03-20).
  const conversation = await newConversation(t.project.id, 'hostile', new Date('2025-03-20T00:00:00Z'));
  for (const [n, question] of HOSTILE.entries()) {
    await recordTurn(t, {
      conversationId: conversation,
      type: 'stream',
      origin: 'workspace',
      question,
      content: question,
      createdAt: new Date(Date.parse('2025-03-20T00:00:00Z') + n * 1000),
    });
  }
});

async function fetchBook(query: Record<string, string>) {
  const res = await call(download, 'GET', '/api/v1/report_download', { token: t.userTokens.OWNER, query });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.response.arrayBuffer());
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return { res, book, bytes };
}

const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe('GET /api/v1/report_download', () => {
  it('section=all in English: three sheets, headers, one row per period, one row per interaction', async () => {
    const { res, book } = await fetchBook(MARCH);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Org_download-${t.tag.split('-')[1]}_report_2025-03-01_2025-03-31.xlsx"`);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Credits Resume', 'Tokens Resume', 'Threads']);
    const credits = rowsOf(book.getWorksheet('Credits Resume')!);
    expect(credits[0]).toEqual(['Date', 'Workspace credits', 'Smartpage credits', 'API credits', 'Total credits']);
    expect(credits).toHaveLength(32); // header + 31 days
    expect(credits[1]).toEqual(['2025-03-01', 0, 0, 100, 100]);
    expect(credits[20]).toEqual(['2025-03-20', 12, 0, 0, 12]);
    expect(credits[31]).toEqual(['2025-03-31', 0, 600, 50, 650]);
    const tokens = rowsOf(book.getWorksheet('Tokens Resume')!);
    expect(tokens[0]).toEqual(['Date', 'Processed tokens', 'API requests']);
    expect(tokens).toHaveLength(32);
    expect(tokens[31]).toEqual(['2025-03-31', 350, 2]);
    const threads = rowsOf(book.getWorksheet('Threads')!);
    expect(threads[0].slice(0, 6)).toEqual(['Conversation ID', 'Conversation identifier', 'Interaction ID', 'Created at', 'Interaction type', 'Question']);
    // Threads started in March: only "hostile" (the usage thread started 2025-02-01).
    expect(threads).toHaveLength(1 + HOSTILE.length);
  });

  it('formula-looking questions are stored as text, never as formulas', async () => {
    const { book, bytes } = await fetchBook({ ...MARCH, section: 'threads' });
    const files = unzipSync(new Uint8Array(bytes));
    const sheetXml = strFromU8(files['xl/worksheets/sheet1.xml']);
    expect(sheetXml).toContain('=HYPERLINK(&quot;http://evil.test&quot;,&quot;x&quot;)');
    expect(sheetXml).not.toMatch(/<f[ >]/); // no formula element anywhere
    const sheet = book.getWorksheet('Threads')!;
    const questions = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      const cell = sheet.getRow(r).getCell(6);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      questions.push(cell.value);
    }
    // XML parsers turn a carriage return into a line feed (XML 1.0 §2.11); the text is otherwise intact.
    expect(questions).toEqual(HOSTILE.map((q) => q.replace('\r', '\n')));
  });

  it.each([
    ['credits', ['Credits Resume']],
    ['tokens', ['Tokens Resume']],
    ['threads', ['Threads']],
    ['all', ['Credits Resume', 'Tokens Resume', 'Threads']],
  ])('section=%s', async (section, sheets) => {
    const { book } = await fetchBook({ ...MARCH, section });
    expect(book.worksheets.map((s) => s.name)).toEqual(sheets);
  });

  it('language=pt: Portuguese headers', async () => {
    const { book } = await fetchBook({ ...MARCH, language: 'pt' });
    expect(rowsOf(book.getWorksheet('Credits Resume')!)[0]).toEqual([
      'Data',
      'Créditos do workspace',
      'Créditos da smartpage',
      'Créditos da API',
      'Total de créditos',
    ]);
    expect(rowsOf(book.getWorksheet('Tokens Resume')!)[0]).toEqual(['Data', 'Tokens processados', 'Requisições à API']);
    expect(rowsOf(book.getWorksheet('Threads')!)[0].slice(0, 6)).toEqual([
      'ID da conversa',
      'Identificador da conversa',
      'ID da interação',
      'Criado em',
      'Tipo de interação',
      'Pergunta',
    ]);
  });

  it('defaults: 2025-02-01 to today, monthly series, every thread', async () => {
    const { res, book } = await fetchBook({});
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toContain(`_report_2025-02-01_${today}.xlsx"`);
    const credits = rowsOf(book.getWorksheet('Credits Resume')!);
    expect(credits.slice(1, 4)).toEqual([
      ['2025-02-01', 0, 0, 80, 80],
      ['2025-03-01', 252, 600, 150, 1002],
      ['2025-04-01', 500, 0, 1000, 1500],
    ]);
    expect(rowsOf(book.getWorksheet('Threads')!)).toHaveLength(1 + HOSTILE.length + 7);
  });

  it('an earlier start than the default 2025-02-01 is accepted: empty months before it, the same threads', async () => {
    const { res, book } = await fetchBook({ start_date: '2024-09-01', end_date: '2025-03-31' }); // 212 days: monthly
    expect(res.headers.get('content-disposition')).toContain('_report_2024-09-01_2025-03-31.xlsx"');
    expect(rowsOf(book.getWorksheet('Credits Resume')!).slice(1)).toEqual([
      ['2024-09-01', 0, 0, 0, 0],
      ['2024-10-01', 0, 0, 0, 0],
      ['2024-11-01', 0, 0, 0, 0],
      ['2024-12-01', 0, 0, 0, 0],
      ['2025-01-01', 0, 0, 0, 0],
      ['2025-02-01', 0, 0, 80, 80],
      ['2025-03-01', 252, 600, 150, 1002],
    ]);
  });

  it('limit bounds the threads; filters narrow every sheet', async () => {
    const { book: one } = await fetchBook({ section: 'threads', limit: '1' });
    expect(rowsOf(one.getWorksheet('Threads')!)).toHaveLength(1 + HOSTILE.length); // the newest thread only
    const { book: deep } = await fetchBook({ interaction_types: 'deepsearch' });
    expect(
      rowsOf(deep.getWorksheet('Threads')!)
        .slice(1)
        .map((r) => r[4]),
    ).toEqual(['Deep search']);
    expect(rowsOf(deep.getWorksheet('Credits Resume')!)[2]).toEqual(['2025-03-01', 0, 600, 0, 600]);
    const { book: helper } = await fetchBook({ datamodel_name: 'Helper', datamodel_id: String(t.datamodels.Helper.id) });
    expect(
      rowsOf(helper.getWorksheet('Threads')!)
        .slice(1)
        .map((r) => r[7]),
    ).toEqual(['Helper', 'Helper']);
    expect(rowsOf(helper.getWorksheet('Tokens Resume')!).slice(1, 4)).toEqual([
      ['2025-02-01', 0, 0],
      ['2025-03-01', 300, 1],
      ['2025-04-01', 500, 1],
    ]);
    const { book: clash } = await fetchBook({ datamodel_name: 'Helper', datamodel_id: String(t.datamodels.Assistant.id) });
    expect(rowsOf(clash.getWorksheet('Threads')!)).toHaveLength(1);
  });

  it.each([
    [{ language: 'fr' }, 'language: language must be one of en, pt'],
    [{ section: 'charts' }, 'section: section must be one of all, credits, tokens, threads'],
    ...REPORT_DATE_CASES,
    [{ datamodel_id: 'abc' }, 'datamodel_id: datamodel_id must be a non-negative integer'],
    ...limitCases(50_000),
    [{ format: 'csv' }, 'Unknown query parameter: format'],
  ])('%o → 400 JSON', async (query, detail) => {
    expectError(await call(download, 'GET', '/api/v1/report_download', { token: t.userTokens.OWNER, query }), 400, detail);
  });
});

// Threads are read in bounded batches (keyset paging) and written as read;
// a small batch size and more threads than one batch, with tied start times.
describe('GET /api/v1/report_download: threads in batches', () => {
  let b: ReportTenant;
  const expected: string[][] = [];

  beforeAll(async () => {
    b = await reportTenant('download-batches', []);
    const starts = [
      '2025-06-01T08:00:00Z',
      '2025-06-02T08:00:00Z',
      '2025-06-02T08:00:00Z',
      '2025-06-02T08:00:00Z',
      '2025-06-03T08:00:00Z',
      '2025-06-04T08:00:00Z',
      '2025-06-05T08:00:00Z',
    ];
    const threads: { id: string; at: number; questions: string[] }[] = [];
    for (const [n, start] of starts.entries()) {
      const at = Date.parse(start);
      const id = await newConversation(b.project.id, `b-${n}`, new Date(at));
      const questions = [`thread ${n} first`, `thread ${n} second`];
      for (const [k, question] of questions.entries()) {
        await recordTurn(b, { conversationId: id, question, createdAt: new Date(at + k * 60_000) });
      }
      threads.push({ id, at, questions });
    }
    // The report's order: newest first, ties by conversation id descending.
    threads.sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : -1));
    for (const th of threads) for (const q of th.questions) expected.push([th.id, q]);
  });

  it('threadIdBatches: batches of at most the batch size, in order, up to the limit', async () => {
    const scope = { organizationId: b.organization.id, projectId: null };
    const filter = { start: '2025-06-01', end: '2025-12-31' };
    const batches: string[][] = [];
    for await (const ids of threadIdBatches(scope, filter, 100, 2)) batches.push(ids);
    expect(batches.map((x) => x.length)).toEqual([2, 2, 2, 1]);
    expect(batches.flat()).toEqual([...new Set(expected.map((r) => r[0]))]);
    const limited: string[][] = [];
    for await (const ids of threadIdBatches(scope, filter, 5, 2)) limited.push(ids);
    expect(limited.map((x) => x.length)).toEqual([2, 2, 1]);
  });

  it('the download with REPORT_DOWNLOAD_BATCH=2 has every row, in order', async () => {
    overrideConfig({ REPORT_DOWNLOAD_BATCH: '2' });
    try {
      const res = await call(download, 'GET', '/api/v1/report_download', {
        token: b.userTokens.OWNER,
        query: { start_date: '2025-06-01', end_date: '2025-06-30', section: 'threads' },
      });
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.response.arrayBuffer()) as unknown as ArrayBuffer);
      const rows = rowsOf(book.getWorksheet('Threads')!).slice(1);
      expect(rows.map((r) => [r[0], r[5]])).toEqual(expected);
    } finally {
      overrideConfig({ REPORT_DOWNLOAD_BATCH: undefined });
    }
  });
});
