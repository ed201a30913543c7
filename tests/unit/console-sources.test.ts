import { describe, expect, it } from 'vitest';
import { documentOf, groupByDocument } from '@/components/console/source-groups';
import { parseTarget } from '@/components/console/remembered-target';
import type { Source } from '@/components/console/types';

const passage = (name: string, source: string | null, context: string, subject = 'Docs'): Source => ({
  content: { name, source, subject, media_video: null, media_image: null, created_at: '', updated_at: '' },
  score: 1,
  answer: '',
  context,
  date: '',
});

describe('sources grouped by document', () => {
  const sources = [
    passage('os.path', 'https://docs.example/os.path', 'join'),
    passage('pathlib', 'https://docs.example/pathlib', 'PurePath'),
    passage('os.path', 'https://docs.example/os.path', 'split'),
    passage('Notes', null, 'a', 'Team'),
    passage('Notes', null, 'b', 'Other'),
  ];

  it('makes one card per document, in the order of its best passage, keeping passage numbers', () => {
    const groups = groupByDocument(sources);
    expect(groups.map((g) => [g.name, g.passages.map((p) => p.index)])).toEqual([
      ['os.path', [0, 2]],
      ['pathlib', [1]],
      ['Notes', [3]],
      ['Notes', [4]],
    ]);
  });

  it('finds the card of a cited passage', () => {
    expect(documentOf(sources, 2)).toBe(0);
    expect(documentOf(sources, 4)).toBe(3);
    expect(documentOf(sources, 9)).toBe(-1);
  });
});

describe('the remembered console target', () => {
  it('reads back what was stored', () => {
    expect(parseTarget(JSON.stringify({ kind: 'datamodel', datamodelId: 3, datamodelName: 'Help', datasetId: 2 }))).toEqual({
      kind: 'datamodel',
      datamodelId: 3,
      datamodelName: 'Help',
      datasetId: 2,
    });
    expect(parseTarget(JSON.stringify({ kind: 'dataset', datasetId: 2, datasetName: 'Docs', preset: null }))).toEqual({
      kind: 'dataset',
      datasetId: 2,
      datasetName: 'Docs',
      preset: null,
    });
  });

  it('forgets anything of another shape', () => {
    for (const raw of [
      null,
      '',
      'not json',
      '[]',
      '{"kind":"datamodel","datamodelId":"3"}',
      '{"kind":"dataset","datasetId":1,"datasetName":"x","preset":5}',
      '{"kind":"other"}',
    ]) {
      expect(parseTarget(raw)).toBeNull();
    }
  });
});

describe('comparing two evaluation runs', () => {
  it('lists questions that moved up or down, a miss counting below every rank', async () => {
    const { compareRuns } = await import('@/components/review/run-compare');
    const before = [
      { question: 'a', rank: 3 },
      { question: 'b', rank: 1 },
      { question: 'c', rank: null },
      { question: 'd', rank: 2 },
      { question: 'gone', rank: 1 },
    ];
    const after = [
      { question: 'a', rank: 1 },
      { question: 'b', rank: null },
      { question: 'c', rank: 7 },
      { question: 'd', rank: 2 },
      { question: 'new', rank: 1 },
    ];
    expect(compareRuns(before, after)).toEqual({
      better: [
        { question: 'a', before: 3, after: 1 },
        { question: 'c', before: null, after: 7 },
      ],
      worse: [{ question: 'b', before: 1, after: null }],
    });
  });
});
