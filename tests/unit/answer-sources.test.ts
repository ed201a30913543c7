// Which source the embedded answer quotes, and how a box's label reads
// (lib/generation/extractive.ts): a section listing other works is no answer
// while another source has one; "Note" leads the paragraph it labels.
import { describe, expect, it } from 'vitest';
import { composeExtractive } from '@/lib/generation/extractive';
import { answerInput, passageOf } from '../helpers/answer-input';

const resources = passageOf(
  1,
  'Flaky tests › Resources',
  [
    'Eradicating Non-Determinism in Tests by Martin Fowler, 2011',
    'Test and Code Podcast: Flaky Tests and How to Deal with Them by Brian Okken and Anthony Shaw, 2018',
  ].join('\n\n'),
);
const causes = passageOf(
  1,
  'Flaky tests › Potential root causes',
  'A flaky test fails now and then without any change to the code, often because it depends on the state another test left behind.',
);

describe('a section of pointers elsewhere', () => {
  it('is not quoted while another source has an excerpt, though it holds more of the question', () => {
    const answer = composeExtractive(answerInput('what makes a test flaky and how do I deal with it', [resources, causes]));
    expect(answer).toBe('A flaky test fails now and then without any change to the code, often because it depends on the state another test left behind. [2]');
  });

  it('is quoted when it is the only source with the words', () => {
    expect(composeExtractive(answerInput('flaky tests podcast', [resources]))).toContain('Test and Code Podcast');
  });
});

describe("a box's label", () => {
  it('leads the paragraph it labels', () => {
    const text = ['Tests can live inside the application package.', 'Note', 'You can use namespace packages for your application code and its tests.'].join(
      '\n\n',
    );
    expect(composeExtractive(answerInput('namespace packages for application code', [passageOf(1, 'Layout', text)]))).toBe(
      '**Note:** You can use namespace packages for your application code and its tests. [1]',
    );
  });

  it('stays a line of its own before code', () => {
    const text = ['Warning', '```\nrm -rf build/\n```'].join('\n\n');
    expect(composeExtractive(answerInput('rm build', [passageOf(1, 'Cleaning', text)]))).toBe('Warning\n\n```\nrm -rf build/\n```\n\n[1]');
  });
});
