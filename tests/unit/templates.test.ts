// Text that several pages repeat word for word is the site's template: it gives way to the page that says
// something of its own.
import { describe, expect, it } from 'vitest';
import { templated } from '@/lib/search/templates';
import { rerank } from '@/lib/search/rerank';
import { withRankSetting } from '../helpers/rank-settings';
import { queryTerms } from '@/lib/text/words';

const DIAGNOSTICS = (program: string) =>
  `In case of difficulty, see ${program} and psql for discussions of potential problems and error messages. The database server must be running at the targeted host. Also, any default connection settings and environment variables used by the libpq front-end library will apply.`;

describe('templated', () => {
  const ids = new Map<string, number>();
  const words = (text: string) => new Set(queryTerms(text).map((t) => ids.get(t.stem) ?? ids.set(t.stem, ids.size).get(t.stem)!));

  it('marks a body that two other pages repeat, not one another page repeats, nor one page repeating itself', () => {
    const three = ['clusterdb', 'reindexdb', 'vacuumdb'].map((p, i) => ({ document: i, words: words(DIAGNOSTICS(p)) }));
    expect(templated(three)).toEqual([true, true, true]);
    expect(templated(three.slice(0, 2))).toEqual([false, false]);
    expect(templated(three.map((c) => ({ ...c, document: 7 })))).toEqual([false, false, false]);
    const other = { document: 9, words: words('Environment variables PGHOST and PGPORT set the default host and port of the server libpq connects to.') };
    expect(templated([...three, other])[3]).toBe(false);
  });
});

describe('rerank: repeated text', () => {
  const page = (document: number, name: string, heading: string, body: string) => ({ name, subject: 'Manual', heading, body, answer: '', document });
  const docs = [
    ...['clusterdb', 'reindexdb', 'vacuumdb', 'dropdb'].map((program, i) => page(i + 1, program, 'Diagnostics', DIAGNOSTICS(program.toUpperCase()))),
    page(
      9,
      'libpq',
      'Environment variables',
      'PGHOST behaves the same as the host connection parameter, PGPORT as the port: the server a program connects to when it is not told.',
    ),
  ];
  const idfs: Record<string, number> = { environ: 2, variabl: 1.5, default: 1, server: 1, host: 2, libpq: 2.5 };
  const terms = queryTerms('which environment variable sets the default server host for libpq').map((t) => ({
    stem: t.stem,
    alternatives: [],
    idf: idfs[t.stem] ?? 1,
  }));

  it('puts the page of its own first, and the copies first without the factor', () => {
    expect(rerank(terms, docs)[0].name).toBe('libpq');
    withRankSetting('templateFactor', 1, () => expect(rerank(terms, docs)[0].heading).toBe('Diagnostics'));
  });
});
