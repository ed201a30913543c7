// What the list of sources keeps: at most two passages of a page, one copy of a text, one of a section that
// several versions of a manual repeat.
import { describe, expect, it } from 'vitest';
import { diversify } from '@/lib/search/retrieve';

const item = (score: number, content_id: number, heading: string, text: string) => ({ score, row: { content_id, heading, text } });
const processes =
  'List processes running inside the container id. On Unix systems this is done by running the ps command. This endpoint is not supported on Windows.';

describe('diversify', () => {
  it('keeps one of the sections that versions of a manual repeat nearly word for word, and the next page in its place', () => {
    const ranked = [
      item(0.9, 1, 'Endpoints › 2.1 Containers › List processes running inside a container', processes),
      item(0.89, 2, 'Endpoints › 3.1 Containers › List processes running inside a container', `${processes} Query parameters: ps_args.`),
      item(0.88, 3, 'Endpoints › 2.1 Containers › List processes running inside a container', processes.replace('Unix', 'Linux')),
      item(0.5, 4, 'top', 'Display the running processes of a container.'),
    ];
    expect(diversify(ranked, 3).map((d) => d.row.content_id)).toEqual([1, 4]);
  });

  it('keeps passages that share words under different headings, or differ in more than a few words', () => {
    const ranked = [
      item(0.9, 1, 'ALTER TABLE › Parameters', processes),
      item(0.8, 2, 'CREATE TABLE › Description', `${processes} Only when the table is new.`),
      item(0.7, 3, 'Endpoints › List processes', `${processes} Since v1.24.`),
      item(0.6, 4, 'Endpoints › List processes', 'List processes running inside the container id, with the ps arguments you give, sorted by CPU.'),
    ];
    expect(diversify(ranked, 10).map((d) => d.row.content_id)).toEqual([1, 2, 3, 4]);
  });
});
