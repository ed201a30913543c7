// The question as searched, shown to a person whose words were read as
// others (typing mistakes): each word replaced where the question writes it,
// its capitals kept, nothing else touched.
import { describe, expect, it } from 'vitest';
import { asSearched } from '@/lib/search/spelling';

describe('asSearched', () => {
  it('replaces each word read as another, keeping the question around it', () => {
    const readings = [
      { written: 'runnign', read: 'running' },
      { written: 'contaner', read: 'container' },
    ];
    expect(asSearched('How do I stop a runnign contaner?', readings)).toBe('How do I stop a running container?');
  });

  it('keeps the capitals the person typed', () => {
    expect(asSearched('Contaner logs', [{ written: 'contaner', read: 'container' }])).toBe('Container logs');
    expect(asSearched('CONTANER logs', [{ written: 'contaner', read: 'container' }])).toBe('CONTAINER logs');
  });

  it('replaces whole words only, every time one is written', () => {
    const readings = [{ written: 'imagge', read: 'image' }];
    expect(asSearched('imagge vs imagges, imagge_id and imagge', readings)).toBe('image vs imagges, imagge_id and image');
  });

  it('is null when nothing was read differently or the word is not in this question (an earlier turn held it)', () => {
    expect(asSearched('stop a container', [])).toBeNull();
    expect(asSearched('and the logs?', [{ written: 'contaner', read: 'container' }])).toBeNull();
  });
});
