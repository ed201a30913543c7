// The question set, and the arithmetic of the retrieval benchmark: pages
// from result sources, the rank of the expected page, recall@k, MRR@10 and
// latency percentiles. Pure functions, no I/O beyond reading the set.
import fs from 'node:fs';
import path from 'node:path';

export type Question = { id: string; question: string; pages: string[]; kind: string };
export type Turn = { question: string; pages: string[] };
export type Conversation = { id: string; turns: Turn[] };
export type QuestionSet = { corpus: string; questions: Question[]; conversations: Conversation[] };

/** Tune on two thirds, keep one third aside to check a change did not just fit the tuned questions. */
export type Half = 'tune' | 'check';
export const halfOf = (index: number): Half => (index % 3 === 2 ? 'check' : 'tune');

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function toQuestion(value: unknown, at: string): Question {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.question !== 'string' || !isStringList(value.pages) || !value.pages.length) {
    throw new Error(`${at}: needs id, question and a non-empty pages list`);
  }
  return { id: value.id, question: value.question, pages: value.pages, kind: typeof value.kind === 'string' ? value.kind : 'unknown' };
}

function toConversation(value: unknown, at: string): Conversation {
  if (!isRecord(value) || typeof value.id !== 'string' || !Array.isArray(value.turns) || value.turns.length < 2)
    throw new Error(`${at}: needs id and at least two turns`);
  const turns = value.turns.map((turn, i) => {
    if (!isRecord(turn) || typeof turn.question !== 'string' || !isStringList(turn.pages) || !turn.pages.length)
      throw new Error(`${at}.turns[${i}]: needs question and pages`);
    return { question: turn.question, pages: turn.pages };
  });
  return { id: value.id, turns };
}

/**
 * Reads and checks the set, so a malformed file fails before a server is started. `pagesAs`: the corpus is the
 * pages' sources rather than the HTML built from them (Sphinx keeps each page's reStructuredText as
 * `_sources/<page>.rst.txt`): an expected "quickstart.html" is then "quickstart.rst.txt" (`PAGES_AS=rst.txt`).
 * Or the other way, a Markdown set over the site built from it: `PAGES_AS=md:html` reads an expected "run.md" as "run.html".
 */
export function loadQuestionSet(file: string, pagesAs = process.env.PAGES_AS): QuestionSet {
  const raw: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isRecord(raw) || !Array.isArray(raw.questions)) throw new Error(`${file}: expected { corpus, questions, conversations }`);
  const conversations = Array.isArray(raw.conversations) ? raw.conversations : [];
  const set = {
    corpus: typeof raw.corpus === 'string' ? raw.corpus : 'unknown',
    questions: raw.questions.map((q, i) => toQuestion(q, `questions[${i}]`)),
    conversations: conversations.map((c, i) => toConversation(c, `conversations[${i}]`)),
  };
  if (!pagesAs) return set;
  // "rst.txt": an expected x.html is x.rst.txt; "md:html": an expected x.md is x.html (a Markdown set over its site).
  const [from, to] = pagesAs.includes(':') ? pagesAs.split(':', 2) : ['html', pagesAs];
  const ending = new RegExp(`\\.${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const asSource = (pages: string[]) => pages.map((page) => page.replace(ending, `.${to}`));
  return {
    ...set,
    questions: set.questions.map((q) => ({ ...q, pages: asSource(q.pages) })),
    conversations: set.conversations.map((c) => ({ ...c, turns: c.turns.map((t) => ({ ...t, pages: asSource(t.pages) })) })),
  };
}

/**
 * A result's page: its source URL's path under the served folder ("http://127.0.0.1:41234/mod/mod_alias.html" →
 * "mod/mod_alias.html"). The whole path, not the file name: a manual in folders has many index.html.
 */
export function pageOf(source: string | null | undefined): string {
  if (!source) return '';
  try {
    return decodeURIComponent(new URL(source).pathname).replace(/^\/+/, '');
  } catch {
    return source.replace(/^\/+/, '');
  }
}

/** Whether a page is one a question expects: sets name a page by its path under the corpus folder or, when its file name is unique there, by the name alone. */
export function isExpected(page: string, expected: string[]): boolean {
  return expected.some((e) => page === e || page.endsWith(`/${e}`));
}

/** Pages in result order, each once: several passages of one page are one hit for a page-level judgement. */
export function distinctPages(sources: (string | null | undefined)[]): string[] {
  return [...new Set(sources.map(pageOf).filter(Boolean))];
}

/** 1-based rank of the first expected page among distinct pages; null when absent. */
export function rankOf(pages: string[], expected: string[]): number | null {
  const at = pages.findIndex((p) => isExpected(p, expected));
  return at < 0 ? null : at + 1;
}

export type Scores = { n: number; r1: number; r5: number; mrr10: number };

export function scores(ranks: (number | null)[]): Scores {
  const n = ranks.length;
  // No questions: no score (NaN prints as "–" and is null in JSON), rather than a misleading 0.
  if (!n) return { n, r1: Number.NaN, r5: Number.NaN, mrr10: Number.NaN };
  const within = (k: number) => ranks.filter((r) => r !== null && r <= k).length / n;
  const mrr10 = ranks.reduce<number>((sum, r) => sum + (r !== null && r <= 10 ? 1 / r : 0), 0) / n;
  return { n, r1: within(1), r5: within(5), mrr10 };
}

/** Nearest-rank percentile (p in 0..100) of the values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
