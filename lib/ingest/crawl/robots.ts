// robots.txt as a crawl reads it (RFC 9309): the group for our own agent
// name, else the `*` group; Allow/Disallow with `*` and `$`, the longest
// matching rule wins and Allow wins a tie; Crawl-delay (not in the RFC, but
// widely honoured) and Sitemap lines. Parsed from text kept on the crawl row.
export const AGENT_TOKEN = 'knowledgesearchimporter';

/** The largest robots.txt read (RFC 9309 asks crawlers to read at least 500 KiB). */
export const ROBOTS_MAX_BYTES = 512 * 1024;

type Rule = { allow: boolean; pattern: string };
export type Robots = { rules: Rule[]; crawlDelaySeconds: number | null; sitemaps: string[] };

export const NO_ROBOTS: Robots = { rules: [], crawlDelaySeconds: null, sitemaps: [] };

export function parseRobots(text: string): Robots {
  type Group = { agents: string[]; rules: Rule[]; delay: number | null };
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'sitemap') {
      if (value && sitemaps.length < 50) sitemaps.push(value);
      continue;
    }
    if (key === 'user-agent') {
      // Consecutive User-agent lines share one group.
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], delay: null };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if (key === 'allow' || key === 'disallow') {
      // An empty Disallow allows everything: no rule.
      if (value) current.rules.push({ allow: key === 'allow', pattern: value });
    } else if (key === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.delay = seconds;
    }
  }
  const ours = groups.filter((g) => g.agents.some((a) => a !== '*' && AGENT_TOKEN.includes(a)));
  const chosen = ours.length ? ours : groups.filter((g) => g.agents.includes('*'));
  return {
    rules: chosen.flatMap((g) => g.rules),
    crawlDelaySeconds: chosen.map((g) => g.delay).find((d) => d !== null) ?? null,
    sitemaps,
  };
}

/** Whether robots.txt lets us fetch this path (with its query). */
export function robotsAllow(robots: Robots, pathAndQuery: string): boolean {
  let best: Rule | null = null;
  let bestLength = -1;
  for (const rule of robots.rules) {
    if (!ruleMatches(rule.pattern, pathAndQuery)) continue;
    const length = rule.pattern.length;
    if (length > bestLength || (length === bestLength && rule.allow)) {
      best = rule;
      bestLength = length;
    }
  }
  return best ? best.allow : true;
}

/** A rule matches from the start of the path; `*` is any run of characters, a final `$` anchors the end. */
function ruleMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  return wildcardMatch(normalisePercent(body), normalisePercent(path), anchored);
}

/** Percent-escapes compared in one case, so /a%2fb and /a%2Fb are the same path. */
const normalisePercent = (text: string) => text.replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());

/**
 * Matches `text` against a pattern whose only special character is `*`,
 * from the start of `text`; the whole of it when `wholeText`, else a prefix.
 * Greedy with back-tracking to the last star: O(pattern × text) at worst, no
 * regular expression built from user input.
 */
export function wildcardMatch(pattern: string, text: string, wholeText: boolean): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let starText = 0;
  while (t < text.length) {
    if (p === pattern.length && !wholeText) return true;
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      starText = t;
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (star >= 0) {
      p = star + 1;
      t = ++starText;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
