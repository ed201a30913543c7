// A follow-up tied to its thread only by "and" / "what about" may name a
// subject of its own (the demo's "And how are credits counted?" after a
// question on follow-ups: a whole question whose words the earlier page does
// not hold) or continue the earlier one (a fragment, "and what about
// spreadsheets?", or a question the earlier page answers). The demo's own
// documents, both databases.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { POST as search } from '@/app/searcher/v1/search/route';
import { retrieve } from '@/lib/search/retrieve';
import { DEMO_DOCUMENTS } from '@/lib/seed/demo-documents';
import { call } from '../helpers/http';
import { createTenant, type Tenant } from '../helpers/tenant';
import { loadCorpus, type CorpusDocument } from '../fixtures/search-corpus';

// As lib/seed/demo.ts stores them: one passage per paragraph, headed by the document's name.
const DEMO: CorpusDocument[] = DEMO_DOCUMENTS.map((d) => ({
  subject: 'Product handbook',
  name: d.name,
  source: d.source,
  passages: d.paragraphs.map((text) => ({ heading: d.name, text })),
}));

let t: Tenant;
let datasetId: number;
const ask = (body: Record<string, unknown>) => call(search, 'POST', '/searcher/v1/search', { token: t.apiKey, body: { dataset: 'Handbook', ...body } });
const extraOf = async (identifier: string) => JSON.parse((await db().interaction.findUniqueOrThrow({ where: { identifier } })).extra);

beforeAll(async () => {
  t = await createTenant('topic');
  datasetId = (await loadCorpus(t, 'Handbook', DEMO)).id;
});

describe('a follow-up led by a connector', () => {
  it('that names a subject of its own is answered from that subject', async () => {
    // Glued to the earlier question, the earlier subject's three words outvote the new two.
    const [glued] = await retrieve(datasetId, 'How do I ask a follow-up question? how are credits counted?', { topK: 1, minScore: 0 });
    expect(glued.content.name).toBe('Asking questions');

    const first = await ask({ question: 'How do I ask a follow-up question?' });
    expect(first.body.search[0].content.name).toBe('Asking questions');
    const next = await ask({ question: 'And how are credits counted?', conversation: first.body.conversation });
    expect(next.status).toBe(200);
    expect(next.body.search[0].content.name).toBe('Credits and usage reports');
    expect(next.body.generational.content).toMatch(/Credits are tokens multiplied by the fee/);
    expect(await extraOf(next.body.identifier)).toMatchObject({ resolution: 'standalone', standalone_question: 'how are credits counted?' });
  });

  it('that only makes sense with the earlier question keeps its subject', async () => {
    // Alone, "spreadsheets" points at the usage reports (downloaded as a spreadsheet).
    const [alone] = await retrieve(datasetId, 'what about spreadsheets?', { topK: 1, minScore: 0 });
    expect(alone.content.name).toBe('Credits and usage reports');

    const first = await ask({ question: 'How do I import documents?' });
    const next = await ask({ question: 'and what about spreadsheets?', conversation: first.body.conversation });
    expect(next.body.search[0].content.name).toBe('Importing documents');
    expect(await extraOf(next.body.identifier)).toMatchObject({
      resolution: 'followup',
      standalone_question: 'How do I import documents what about spreadsheets?',
    });
  });

  it('with a whole question whose words the earlier page holds keeps its subject', async () => {
    const first = await ask({ question: 'How do I import documents?' });
    const next = await ask({ question: 'and how do I read the progress of each file?', conversation: first.body.conversation });
    expect(next.body.search[0].content.name).toBe('Importing documents');
    expect((await extraOf(next.body.identifier)).resolution).toBe('followup');
  });

  it('with a pointer after a subject of its own that the earlier page does not speak of, is asked alone', async () => {
    // "it" is the report the question itself names, not the import of the turn before.
    const first = await ask({ question: 'How do I import documents?' });
    const next = await ask({
      question: 'which report shows the credits of each generative model, and who may read it?',
      conversation: first.body.conversation,
    });
    expect(next.body.search[0].content.name).toBe('Credits and usage reports');
    expect(await extraOf(next.body.identifier)).toMatchObject({
      resolution: 'standalone',
      standalone_question: 'which report shows the credits of each generative model, and who may read it?',
    });
  });

  it('with a word pointing back keeps the earlier subject whatever its words', async () => {
    const first = await ask({ question: 'How are credits counted?' });
    const next = await ask({ question: 'can I download it as a spreadsheet?', conversation: first.body.conversation });
    expect(next.body.search[0].content.name).toBe('Credits and usage reports');
    expect((await extraOf(next.body.identifier)).resolution).toBe('followup');
  });
});
