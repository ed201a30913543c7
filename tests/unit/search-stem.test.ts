// The query side must stem exactly like FTS5's `porter` tokenizer, or the
// document-frequency lookups in fts5vocab miss (and a common word would be
// mistaken for a rare one). Checked against SQLite itself on a real vocabulary.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { porterStem } from '@/lib/search/stem';
import { CORPUS } from '../fixtures/search-corpus';

const EXTRA =
  'generalization generalizations oscillators conditional rational relational hopefulness formalize electricity electrical ' +
  'adjustable adjustment dependent adoption homologous communism activate angularity effective bowdlerize running ran runs ' +
  'happiness happily sky skies dying lying controlling rolling filing agreed feed plastered motoring sing conflated troubled ' +
  'sized hopping tanned falling hissing fizzed failing filing caresses ponies ties caress cats walruses iterables coroutines ' +
  'asynchronous asyncio dictionaries keyerror sorting sorted reversing descending truncates appended exceptions raising';

describe('porterStem', () => {
  it('agrees with SQLite FTS5 porter on every word of the corpus and a classic list', () => {
    const sqlite = new Database(':memory:');
    sqlite.exec("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'porter unicode61 remove_diacritics 2'); CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row');");
    const text = [EXTRA, ...CORPUS.flatMap((d) => [d.name, d.subject, ...d.passages.flatMap((p) => [p.heading, p.text])])].join(' ');
    const words = [...new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? [])];
    const insert = sqlite.prepare('INSERT INTO t (x) VALUES (?)');
    const lookup = sqlite.prepare('SELECT term FROM v');
    const mismatches: string[] = [];
    for (const word of words) {
      sqlite.exec('DELETE FROM t');
      insert.run(word);
      const [{ term }] = lookup.all() as { term: string }[];
      if (term !== porterStem(word)) mismatches.push(`${word}: fts5 ${term}, ours ${porterStem(word)}`);
    }
    sqlite.close();
    expect(mismatches).toEqual([]);
  });
});
