// Evaluation questions to and from CSV and JSON. CSV columns: question,
// expected_sources (several separated by " | "), expected_answer; a header
// row is recognised and skipped. Cells that a spreadsheet would run as a
// formula are written with a leading apostrophe.
import { z } from 'zod';
import { badRequest } from '../errors';
import { parseCsv } from '../ingest/formats/qa-table';
import { evaluationQuestion, MAX_QUESTIONS, type EvaluationQuestion } from './contract';

const SOURCE_SEPARATOR = ' | ';
const HEADER = /^question$/i;

function validated(list: unknown[]): EvaluationQuestion[] {
  if (list.length > MAX_QUESTIONS) throw badRequest(`at most ${MAX_QUESTIONS} questions in a set; the file has ${list.length}`);
  return list.map((item, i) => {
    const parsed = evaluationQuestion.safeParse(item);
    if (!parsed.success) throw badRequest(`question ${i + 1}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return parsed.data;
  });
}

export function questionsFromCsv(text: string): EvaluationQuestion[] {
  const delimiter = text.split('\n', 1)[0].includes(';') && !text.split('\n', 1)[0].includes(',') ? ';' : ',';
  const rows = parseCsv(text, delimiter).filter((row) => row.some((cell) => cell.trim()));
  const body = rows.length && HEADER.test((rows[0][0] ?? '').trim()) ? rows.slice(1) : rows;
  return validated(
    body.map((row) => ({
      question: row[0] ?? '',
      expected_sources: (row[1] ?? '')
        .split(/\s*\|\s*/)
        .map((s) => s.trim())
        .filter(Boolean),
      ...(row[2]?.trim() ? { expected_answer: row[2] } : {}),
    })),
  );
}

export function questionsFromJson(text: string): EvaluationQuestion[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The JSON file could not be read: it is not valid JSON');
  }
  const list = Array.isArray(value) ? value : z.object({ questions: z.array(z.unknown()) }).safeParse(value).data?.questions;
  if (!list) throw badRequest('The JSON file must be a list of questions, or an object with a "questions" list');
  return validated(list);
}

function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function questionsToCsv(questions: EvaluationQuestion[]): string {
  const lines = [['question', 'expected_sources', 'expected_answer'].join(',')];
  for (const q of questions) lines.push([q.question, q.expected_sources.join(SOURCE_SEPARATOR), q.expected_answer ?? ''].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
