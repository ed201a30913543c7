// The original Porter (1980) stemmer, the one SQLite's FTS5 `porter`
// tokenizer applies: the query terms we look up in the index vocabulary and
// the words the re-ranker compares must be stemmed exactly the same way.

const isConsonant = (w: string, i: number): boolean => {
  const c = w[i];
  if ('aeiou'.includes(c)) return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(w, i - 1);
  return true;
};

/** m in [C](VC)^m[V] of the stem w[0..end). */
function measure(w: string, end: number): number {
  let n = 0;
  let i = 0;
  while (i < end && isConsonant(w, i)) i++;
  while (i < end) {
    while (i < end && !isConsonant(w, i)) i++;
    if (i >= end) break;
    n++;
    while (i < end && isConsonant(w, i)) i++;
  }
  return n;
}

const hasVowel = (w: string, end: number) => {
  for (let i = 0; i < end; i++) if (!isConsonant(w, i)) return true;
  return false;
};

const doubleConsonant = (w: string, end: number) => end >= 2 && w[end - 1] === w[end - 2] && isConsonant(w, end - 1);

/** cvc where the last c is not w, x or y. */
const cvc = (w: string, end: number) =>
  end >= 3 && isConsonant(w, end - 3) && !isConsonant(w, end - 2) && isConsonant(w, end - 1) && !'wxy'.includes(w[end - 1]);

function replaceSuffix(w: string, rules: readonly (readonly [string, string])[], minMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (w.endsWith(suffix)) {
      const stem = w.length - suffix.length;
      return measure(w, stem) > minMeasure ? w.slice(0, stem) + replacement : w;
    }
  }
  return w;
}

const STEP2 = [
  ['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['izer', 'ize'], ['bli', 'ble'],
  ['alli', 'al'], ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous'], ['ization', 'ize'], ['ation', 'ate'],
  ['ator', 'ate'], ['alism', 'al'], ['iveness', 'ive'], ['fulness', 'ful'], ['ousness', 'ous'], ['aliti', 'al'],
  ['iviti', 'ive'], ['biliti', 'ble'], ['logi', 'log'],
] as const;
const STEP3 = [['icate', 'ic'], ['ative', ''], ['alize', 'al'], ['iciti', 'ic'], ['ical', 'ic'], ['ful', ''], ['ness', '']] as const;
const STEP4 = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'];

export function porterStem(word: string): string {
  let w = word;
  if (w.length <= 2) return w;
  // Step 1a
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (!w.endsWith('ss') && w.endsWith('s')) w = w.slice(0, -1);
  // Step 1b
  let extra = false;
  if (w.endsWith('eed')) {
    if (measure(w, w.length - 3) > 0) w = w.slice(0, -1);
  } else if (w.endsWith('ed') && hasVowel(w, w.length - 2)) {
    w = w.slice(0, -2);
    extra = true;
  } else if (w.endsWith('ing') && hasVowel(w, w.length - 3)) {
    w = w.slice(0, -3);
    extra = true;
  }
  if (extra) {
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
    else if (doubleConsonant(w, w.length) && !'lsz'.includes(w[w.length - 1])) w = w.slice(0, -1);
    else if (measure(w, w.length) === 1 && cvc(w, w.length)) w += 'e';
  }
  // Step 1c
  if (w.endsWith('y') && hasVowel(w, w.length - 1)) w = w.slice(0, -1) + 'i';
  // Steps 2 and 3
  w = replaceSuffix(w, STEP2, 0);
  w = replaceSuffix(w, STEP3, 0);
  // Step 4
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.length - suffix.length;
    if (measure(w, stem) > 1 && (suffix !== 'ion' || (stem > 0 && 'st'.includes(w[stem - 1])))) w = w.slice(0, stem);
    break;
  }
  // Step 5a
  if (w.endsWith('e')) {
    const m = measure(w, w.length - 1);
    if (m > 1 || (m === 1 && !cvc(w, w.length - 1))) w = w.slice(0, -1);
  }
  // Step 5b
  if (measure(w, w.length) > 1 && doubleConsonant(w, w.length) && w.endsWith('l')) w = w.slice(0, -1);
  return w;
}
