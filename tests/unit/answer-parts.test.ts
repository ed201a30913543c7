// A question that asks two things in clauses gets an excerpt for each (extractive.ts, answerToOtherPart):
// the excerpt chosen for the whole question, then one for the first part it leaves out.
import { describe, expect, it } from 'vitest';
import { composeExtractive } from '@/lib/generation/extractive';
import { questionParts } from '@/lib/search/subqueries';
import { answerInput, passageOf } from '../helpers/answer-input';

const passage = (document: number, title: string, paragraphs: string[]) => passageOf(document, title, paragraphs.join('\n\n'));

const refunds = passage(1, 'Refund policy', [
  'To request a refund, open Billing, choose the invoice and press Request refund. Support answers within two business days.',
  'Shipping is free for orders over 50 euros in every region we deliver to.',
  'Refund windows differ by region: customers in the Baltics have 14 days after delivery, in the Nordics 30 days.',
]);

describe('questionParts', () => {
  it.each([
    ['How do I request a refund and how many days do I have in the Baltics?', ['How do I request a refund', 'how many days do I have in the Baltics']],
    ['What is WAL? Is it safe to turn off fsync?', ['What is WAL', 'Is it safe to turn off fsync']],
  ])('%s', (question, parts) => expect(questionParts(question)).toEqual(parts));

  it.each([
    'How do I request a refund?',
    'difference between a list and a tuple',
    'list vs tuple and when to use each',
    'copy and paste a table',
    'I use PostgreSQL 15. How do I back up a database?',
    'bind values to the ? placeholders of a prepared statement',
  ])('%s is one question', (question) => expect(questionParts(question)).toEqual([]));
});

describe('an answer for each part of the question', () => {
  it('quotes the part the first excerpt leaves out, cited', () => {
    const answer = composeExtractive(answerInput('How do I request a refund and how many days do I have in the Baltics?', [refunds]));
    expect(answer).toContain('press Request refund');
    expect(answer).toContain('Baltics have 14 days');
    expect(answer).not.toContain('Shipping is free');
    expect(answer.match(/\[1\]/g)).toHaveLength(2);
  });

  it('quotes from another source when the first one does not hold that part', () => {
    const windows = passage(2, 'Refund windows', ['Customers in the Baltics have 14 days after delivery to ask for their money back.']);
    const howTo = passage(1, 'Refunds', ['To request a refund, open Billing, choose the invoice and press Request refund.']);
    const answer = composeExtractive(answerInput('How do I request a refund and how many days do I have in the Baltics?', [howTo, windows]));
    expect(answer).toMatch(/press Request refund\. \[1\]\n\nCustomers in the Baltics have 14 days .*\[2\]/);
    // Quoted for the second part, that source is not pointed to again under "See also".
    expect(answer).not.toContain('See also');
  });

  it('adds nothing when the excerpt already answers every part, or for a question of one part', () => {
    const both = passage(1, 'Refunds', ['Request a refund in Billing; in the Baltics you have 14 days to do so.']);
    expect(composeExtractive(answerInput('How do I request a refund and how many days do I have in the Baltics?', [both]))).toBe(
      'Request a refund in Billing; in the Baltics you have 14 days to do so. [1]',
    );
    expect(composeExtractive(answerInput('How do I request a refund?', [refunds]))).not.toContain('Baltics');
  });

  it('adds nothing when no source holds most of that part', () => {
    const howTo = passage(1, 'Refunds', ['To request a refund, open Billing, choose the invoice and press Request refund.']);
    expect(composeExtractive(answerInput('How do I request a refund and what does shipping to Latvia cost?', [howTo]))).toBe(
      'To request a refund, open Billing, choose the invoice and press Request refund. [1]',
    );
  });
});
