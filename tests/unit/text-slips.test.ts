// The words one slip of the keyboard away from a question's word, and which
// words are read as possible slips at all.
import { describe, expect, it } from 'vitest';
import { mayBeMisspelt, oneSlipAway, stopWordMeant } from '@/lib/text/slips';
import { queryTerms } from '@/lib/text/words';

describe('oneSlipAway', () => {
  const near = new Set(oneSlipAway('contaner'));

  it('holds a letter left out, added, struck for another and two letters swapped', () => {
    expect(near.has('container')).toBe(true); // the letter left out, added back
    expect(near.has('contane')).toBe(true); // a letter left out
    expect(near.has('contanre')).toBe(true); // two letters swapped
    expect(near.has('contender')).toBe(false); // two slips away
    expect([...new Set(oneSlipAway('teh'))]).toContain('the');
    expect(new Set(oneSlipAway('replucation')).has('replication')).toBe(true); // a neighbouring key
  });

  it('holds only two letters swapped for a word of four letters or fewer', () => {
    expect(oneSlipAway('lsit').sort()).toEqual(['list', 'slit', 'lsti'].sort());
    expect(oneSlipAway('jion')).toContain('join');
    expect(oneSlipAway('stpo')).not.toContain('step'); // a letter struck for another: too many to choose among
    expect(oneSlipAway('teh')).toEqual(['eth', 'the']);
  });

  it('never holds the word itself, and each word once', () => {
    const list = oneSlipAway('letter');
    expect(list).not.toContain('letter');
    expect(new Set(list).size).toBe(list.length);
    // About 53 neighbours a letter: bounded by the word's length.
    expect(list.length).toBeLessThan(54 * 'letter'.length + 27);
  });
});

describe('mayBeMisspelt', () => {
  const term = (question: string) => queryTerms(question, undefined, { keywords: true })[0];

  it('reads plain words of four letters or more as possible slips, stop words aside', () => {
    expect(mayBeMisspelt(term('contaner'))).toBe(true);
    expect(mayBeMisspelt(term('lsit'))).toBe(true);
    expect(mayBeMisspelt(term('mkv'))).toBe(false); // too short to tell
    expect(mayBeMisspelt(term('which where'))).toBe(false); // a question of stop words keeps them as they are
  });

  it('leaves alone what is not a typed word: digits, keywords, very long strings', () => {
    expect(mayBeMisspelt(term('utf16le'))).toBe(false);
    expect(mayBeMisspelt(term('WHERE clause'))).toBe(false); // a keyword the question wrote in capitals
    expect(mayBeMisspelt(term('a'.repeat(31)))).toBe(false);
  });
});

describe('stopWordMeant', () => {
  it('names the stop word a word is one slip from, so the search leaves it out', () => {
    expect(stopWordMeant('whihc')).toBe('which');
    expect(stopWordMeant('waht')).toBe('what');
    expect(stopWordMeant('becuase')).toBe('because');
    expect(stopWordMeant('contaner')).toBeNull();
    expect(stopWordMeant('lsit')).toBeNull();
  });
});
