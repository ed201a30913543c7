// The query side stems with porterStem; the SQLite index stems with FTS5's
// `porter` tokenizer. A word they stem differently can never be found, so
// the two are compared word by word on real text, through the index's own
// tokenizer settings.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { porterStem } from '@/lib/text/stem';
import { words } from '@/lib/text/words';
import { CORPUS } from '../fixtures/search-corpus';

const FIXTURES = path.join(__dirname, '../fixtures/import');
const ROOT = path.join(__dirname, '../..');
// Words the Porter rules treat specially (step 1a–5 edge cases, y as a vowel, short stems).
const EDGE_CASES = [
  'caresses',
  'ponies',
  'ties',
  'caress',
  'cats',
  'feed',
  'agreed',
  'eed',
  'plastered',
  'bled',
  'motoring',
  'sing',
  'conflated',
  'troubled',
  'sized',
  'hopping',
  'tanned',
  'falling',
  'hissing',
  'fizzed',
  'failing',
  'filing',
  'happy',
  'sky',
  'relational',
  'conditional',
  'rational',
  'valenci',
  'hesitanci',
  'digitizer',
  'conformabli',
  'radicalli',
  'differentli',
  'vileli',
  'analogousli',
  'vietnamization',
  'predication',
  'operator',
  'feudalism',
  'decisiveness',
  'hopefulness',
  'callousness',
  'formaliti',
  'sensitiviti',
  'sensibiliti',
  'triplicate',
  'formative',
  'formalize',
  'electriciti',
  'electrical',
  'hopeful',
  'goodness',
  'revival',
  'allowance',
  'inference',
  'airliner',
  'gyroscopic',
  'adjustable',
  'defensible',
  'irritant',
  'replacement',
  'adjustment',
  'dependent',
  'adoption',
  'homologou',
  'communism',
  'activate',
  'angulariti',
  'homologous',
  'effective',
  'bowdlerize',
  'probate',
  'rate',
  'cease',
  'controll',
  'roll',
  'yes',
  'syzygy',
  'queueing',
  'indexes',
  'vacuumed',
  'postgresql',
  'utf8',
  'x86',
  'ab',
  'a',
  'generalization',
  'generalizations',
  'oscillators',
  'electricity',
  'angularity',
  'running',
  'ran',
  'runs',
  'happiness',
  'happily',
  'skies',
  'dying',
  'lying',
  'controlling',
  'rolling',
  'walruses',
  'iterables',
  'coroutines',
  'asynchronous',
  'asyncio',
  'dictionaries',
  'keyerror',
  'sorting',
  'sorted',
  'reversing',
  'descending',
  'truncates',
  'appended',
  'exceptions',
  'raising',
];

function vocabulary(): string[] {
  const texts = [...CORPUS.map((doc) => JSON.stringify(doc))];
  for (const file of fs.readdirSync(FIXTURES)) {
    if (/\.(html|md|txt|csv)$/.test(file)) texts.push(fs.readFileSync(path.join(FIXTURES, file), 'utf8'));
  }
  // Our own documentation: a few thousand words of real technical English.
  texts.push(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
  for (const file of fs.readdirSync(path.join(ROOT, 'docs'))) texts.push(fs.readFileSync(path.join(ROOT, 'docs', file), 'utf8'));
  const all = new Set(EDGE_CASES);
  for (const text of texts) for (const word of words(text)) if (/^[a-z]+$/.test(word) && word.length <= 40) all.add(word);
  return [...all];
}

/** What FTS5 stores for each word, with the index's tokenizer settings (prisma/sqlite/migrations/*_search_index). */
function fts5Stems(list: string[]): string[] {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(w, tokenize = 'porter unicode61 remove_diacritics 2');
           CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
  const insert = db.prepare('INSERT INTO t(rowid, w) VALUES (?, ?)');
  db.transaction(() => list.forEach((word, i) => insert.run(i + 1, word)))();
  const stems = new Map((db.prepare('SELECT doc, term FROM v').all() as { doc: number; term: string }[]).map((r) => [r.doc, r.term]));
  db.close();
  return list.map((_, i) => stems.get(i + 1) ?? '');
}

describe('porterStem', () => {
  it('stems every word of the fixtures and the Porter edge cases exactly as the FTS5 index does', () => {
    const list = vocabulary();
    expect(list.length).toBeGreaterThan(1000);
    const expected = fts5Stems(list);
    const differing = list.map((word, i) => ({ word, ours: porterStem(word), fts5: expected[i] })).filter((r) => r.ours !== r.fts5);
    expect(differing).toEqual([]);
  });
});
