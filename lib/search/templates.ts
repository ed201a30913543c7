// A passage whose text stands, nearly word for word, on several other pages is the site's template, not what
// one page says: every PostgreSQL client program ends with the same "Diagnostics" ("The database server must
// be running at the targeted host… environment variables used by the libpq front-end library will apply"),
// sites repeat a licence or a "see also" block. Such copies hold the same words as one another, so when a
// question matches them they fill the first places with one text under many names. Told apart among the best
// candidates of a question only: a body whose word set is at least SAME_WORDS alike (Jaccard) to the bodies of
// OTHER_PAGES other pages.
const SAME_WORDS = 0.7;
const OTHER_PAGES = 2;
/** Bodies of fewer words say too little to tell a template from a coincidence. */
const MIN_WORDS = 8;

export type TemplateCandidate = { document?: number; words: ReadonlySet<number> };

/** For each candidate, whether its body is repeated on OTHER_PAGES other pages among the candidates. */
export function templated(candidates: readonly TemplateCandidate[]): boolean[] {
  return candidates.map((candidate, i) => {
    if (candidate.words.size < MIN_WORDS || candidate.document === undefined) return false;
    const pages = new Set<number>();
    for (let j = 0; j < candidates.length && pages.size < OTHER_PAGES; j++) {
      const other = candidates[j];
      if (j === i || other.document === undefined || other.document === candidate.document || pages.has(other.document)) continue;
      if (jaccard(candidate.words, other.words) >= SAME_WORDS) pages.add(other.document);
    }
    return pages.size >= OTHER_PAGES;
  });
}

function jaccard(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  // Cannot reach the threshold: sizes alone bound the overlap.
  if (small.size < SAME_WORDS * large.size) return 0;
  let shared = 0;
  for (const word of small) if (large.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}
