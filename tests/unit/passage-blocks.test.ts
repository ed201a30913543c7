// The content page shows a passage's table rows as a table (components/knowledge/passage-blocks.ts).
import { describe, expect, it } from 'vitest';
import { passageBlocks } from '@/components/knowledge/passage-blocks';

describe('passageBlocks', () => {
  it('joins consecutive rows of one width into a table, between paragraphs and code', () => {
    const text = [
      'Refund windows by region:',
      'Region | Days',
      'Nordics | 30',
      'Baltics | 14',
      '```\nrefund --order 42\n```',
      'Ask support for exceptions.',
    ].join('\n\n');
    expect(passageBlocks(text)).toEqual([
      { kind: 'text', text: 'Refund windows by region:' },
      {
        kind: 'table',
        rows: [
          ['Region', 'Days'],
          ['Nordics', '30'],
          ['Baltics', '14'],
        ],
      },
      { kind: 'code', text: 'refund --order 42' },
      { kind: 'text', text: 'Ask support for exceptions.' },
    ]);
  });

  it('keeps a lone row, rows of another width and multi-line paragraphs as text', () => {
    expect(passageBlocks('Run ps aux | grep node to find it.')).toEqual([{ kind: 'text', text: 'Run ps aux | grep node to find it.' }]);
    const blocks = passageBlocks(['a | b', 'c | d', 'e | f | g', 'one line\nand | another'].join('\n\n'));
    expect(blocks.map((b) => b.kind)).toEqual(['table', 'text', 'text']);
  });
});
