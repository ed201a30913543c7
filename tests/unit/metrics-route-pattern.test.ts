// Requests are counted under their route's path pattern: ids never become label values.
import { describe, expect, it } from 'vitest';
import { routePattern, statusClass } from '@/lib/observability/metrics';

describe('routePattern', () => {
  it.each([
    ['/searcher/v1/datasets', {}, '/searcher/v1/datasets'],
    ['/searcher/v1/datasets/17', { dataset_id: '17' }, '/searcher/v1/datasets/[dataset_id]'],
    ['/searcher/v1/datasets/abc/subjects', { dataset_id: 'abc' }, '/searcher/v1/datasets/[dataset_id]/subjects'],
    ['/api/smartpages/help%20desk/search', { slug: 'help desk' }, '/api/smartpages/[slug]/search'],
    ['/x/1/y/1', { a: '1', b: '1' }, '/x/[a]/y/[b]'],
    ['/api/v1/datasets', { dataset_id: 'datasets' }, '/api/v1/[dataset_id]'],
    ['/files/a/b/c', { path: ['a', 'b', 'c'] }, '/files/[...path]'],
  ])('%s %j → %s', (path, params, expected) => {
    expect(routePattern(path, params)).toBe(expected);
  });

  it('status classes', () => {
    expect([200, 201, 304, 404, 429, 500, 503].map(statusClass)).toEqual(['2xx', '2xx', '3xx', '4xx', '4xx', '5xx', '5xx']);
  });
});
