// The pieces of a crawl that are pure text: robots.txt rules, sitemap
// entries, links of a page, the scope and patterns of a crawl.
import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { parseRobots, robotsAllow, wildcardMatch } from '@/lib/ingest/crawl/robots';
import { parseSitemap } from '@/lib/ingest/crawl/sitemap';
import { linksOf } from '@/lib/ingest/crawl/links';
import { judge, normaliseUrl, patternMatches } from '@/lib/ingest/crawl/scope';

describe('robots.txt', () => {
  const robots = parseRobots(
    [
      'User-agent: *',
      'Disallow: /private/',
      'Allow: /private/open.html',
      'Disallow: /*.pdf$',
      'Crawl-delay: 2',
      '',
      'User-agent: OtherBot',
      'Disallow: /',
      'Sitemap: https://example.com/map.xml',
    ].join('\n'),
  );

  it('uses the * group, the longest rule wins, Allow wins a tie, $ anchors', () => {
    expect(robotsAllow(robots, '/guide.html')).toBe(true);
    expect(robotsAllow(robots, '/private/x.html')).toBe(false);
    expect(robotsAllow(robots, '/private/open.html')).toBe(true);
    expect(robotsAllow(robots, '/files/a.pdf')).toBe(false);
    expect(robotsAllow(robots, '/files/a.pdf?x=1')).toBe(true);
    expect(robots.crawlDelaySeconds).toBe(2);
    expect(robots.sitemaps).toEqual(['https://example.com/map.xml']);
  });

  it('a group naming our agent wins over *; an empty Disallow allows all', () => {
    const ours = parseRobots('User-agent: *\nDisallow: /\n\nUser-agent: KnowledgeSearchImporter\nUser-agent: x\nDisallow:\n');
    expect(robotsAllow(ours, '/anything')).toBe(true);
    expect(robotsAllow(parseRobots('User-agent: *\nDisallow: /\n'), '/anything')).toBe(false);
    expect(robotsAllow(parseRobots(''), '/anything')).toBe(true);
  });

  it('wildcards match without a regular expression, in bounded time', () => {
    expect(wildcardMatch('/a*b*c', '/a-x-b-y-c', true)).toBe(true);
    expect(wildcardMatch('/a*b*c', '/a-x-b-y-d', true)).toBe(false);
    expect(wildcardMatch('/a', '/abc', false)).toBe(true);
    const started = performance.now();
    expect(wildcardMatch('*a*a*a*a*a*a*a*a*b', 'a'.repeat(2000), true)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('sitemap.xml', () => {
  it('reads <loc> entries of a urlset and of an index, gzip included, within a count', () => {
    const set = '<urlset><url><loc>https://e.com/a?x=1&amp;y=2</loc></url><url><loc> https://e.com/b </loc></url></urlset>';
    expect(parseSitemap(Buffer.from(set), 1e6, 10)).toEqual({ kind: 'urlset', locations: ['https://e.com/a?x=1&y=2', 'https://e.com/b'] });
    expect(parseSitemap(zlib.gzipSync(set), 1e6, 1).locations).toEqual(['https://e.com/a?x=1&y=2']);
    expect(parseSitemap(Buffer.from('<sitemapindex><sitemap><loc>https://e.com/s1.xml</loc></sitemap></sitemapindex>'), 1e6, 10).kind).toBe('index');
  });
});

describe('links and scope', () => {
  it('reads a and area links against the page or its <base>, without fragments, javascript:, mailto: or nofollow', () => {
    const page = new URL('https://e.com/docs/guide/index.html');
    const html = `<a href="a.html#x">A</a><A HREF='../up.html'>Up</A><a href=plain.html>P</a><a href="javascript:void(0)">J</a>
      <a href="mailto:x@e.com">M</a><a rel="nofollow" href="no.html">N</a><area href="/map.html"><a href="#top">T</a><a>no href</a>`;
    expect(linksOf(html, page).map((u) => normaliseUrl(u))).toEqual([
      'https://e.com/docs/guide/a.html',
      'https://e.com/docs/up.html',
      'https://e.com/docs/guide/plain.html',
      'https://e.com/map.html',
    ]);
    expect(linksOf('<base href="https://e.com/other/"><a href="x.html">', page).map((u) => u.href)).toEqual(['https://e.com/other/x.html']);
  });

  it('judges scope (host or path folder), patterns and non-documents', () => {
    const crawl = { start: new URL('https://e.com/docs/index.html'), scope: 'path' as const, include: [], exclude: ['/docs/old/*'] };
    expect(judge(new URL('https://e.com/docs/a.html'), crawl)).toBe('ok');
    expect(judge(new URL('https://e.com/blog/a.html'), crawl)).toBe('outside');
    expect(judge(new URL('https://e.com/blog/a.html'), { ...crawl, scope: 'host' })).toBe('ok');
    expect(judge(new URL('https://other.com/docs/a.html'), { ...crawl, scope: 'host' })).toBe('outside');
    expect(judge(new URL('https://e.com/docs/old/a.html'), crawl)).toBe('excluded');
    expect(judge(new URL('https://e.com/docs/logo.png'), crawl)).toBe('not-a-document');
    expect(judge(new URL('https://e.com/docs/a.html'), { ...crawl, include: ['/docs/guide/'] })).toBe('excluded');
    expect(patternMatches('/guide/*.html', '/docs/guide/x.html?y')).toBe(true);
  });
});
