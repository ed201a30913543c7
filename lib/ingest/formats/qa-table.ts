// Question–answer lists from CSV or XLSX: each row with a question and an
// answer becomes one passage. A first row naming the columns (question /
// answer, also in Portuguese and Spanish) is recognised and skipped;
// without one, the first two columns are question and answer.
import type { ParsedDocument, QaRow } from '../document';
import { guardZip, type ZipLimits } from '../zip-guard';
import { refuse } from '../errors';

const QUESTION = /^(questions?|perguntas?|preguntas?|q)$/i;
const ANSWER = /^(answers?|respostas?|respuestas?|a)$/i;

export function parseCsvTable(source: string): ParsedDocument {
  const text = source.replace(/^\uFEFF/, '');
  return { format: 'csv', title: null, sections: [], qa: qaRows(parseCsv(text, delimiterOf(text))) };
}

export async function parseXlsxTable(bytes: Buffer, limits: ZipLimits): Promise<ParsedDocument> {
  const names = guardZip(bytes, limits);
  if (!names.has('xl/workbook.xml')) throw refuse('The archive is not an Excel workbook (no xl/workbook.xml)');
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw refuse(`The Excel workbook could not be read: ${(error as Error).message.slice(0, 200)}`);
  }
  const qa: QaRow[] = [];
  workbook.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cell.text ?? '';
      });
      rows.push(Array.from(cells, (c) => c ?? ''));
    });
    qa.push(...qaRows(rows));
  });
  return { format: 'xlsx', title: null, sections: [], qa };
}

function qaRows(rows: string[][]): QaRow[] {
  let questionAt = 0;
  let answerAt = 1;
  let start = 0;
  const header = rows[0]?.map((c) => c.trim()) ?? [];
  const q = header.findIndex((c) => QUESTION.test(c));
  const a = header.findIndex((c) => ANSWER.test(c));
  if (q >= 0 && a >= 0) {
    questionAt = q;
    answerAt = a;
    start = 1;
  }
  const out: QaRow[] = [];
  for (const row of rows.slice(start)) {
    const question = (row[questionAt] ?? '').trim();
    const answer = (row[answerAt] ?? '').trim();
    if (question && answer) out.push({ question, answer });
  }
  return out;
}

function delimiterOf(text: string): string {
  const end = text.indexOf('\n');
  const firstLine = end < 0 ? text : text.slice(0, end);
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.sort((x, y) => y[1] - x[1])[0][0];
}

/** RFC 4180: quoted fields may hold delimiters, newlines and doubled quotes. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim()));
}
