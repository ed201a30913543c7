// Conversation context: follow-ups are rewritten against their own thread,
// thread-only questions answer from the thread, threads never mix, and a
// conversation of another organisation is not found.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { POST as search } from '@/app/searcher/v1/search/route';
import { call } from '../helpers/http';
import { createTenant, type Tenant } from '../helpers/tenant';
import { loadCorpus } from '../fixtures/search-corpus';

let t: Tenant;
const ask = (body: Record<string, unknown>, token = t.apiKey) =>
  call(search, 'POST', '/searcher/v1/search', { token, body: { dataset: 'Python docs', ...body } });

beforeAll(async () => {
  t = await createTenant('conv');
  await loadCorpus(t, 'Python docs');
});

describe('conversation context', () => {
  it('a new request starts a thread; sending it back continues it', async () => {
    const first = await ask({ question: 'How do I sort a list?' });
    expect(first.status).toBe(200);
    const second = await ask({ question: 'and in reverse order?', conversation: first.body.conversation });
    expect(second.status).toBe(200);
    expect(second.body.conversation).toBe(first.body.conversation);
    // Alone, "and in reverse order?" says nothing about lists; in the thread it does.
    expect(second.body.search[0].context).toContain('reverse=True');
    const row = await db().interaction.findUniqueOrThrow({ where: { identifier: second.body.identifier } });
    expect(JSON.parse(row.extra)).toMatchObject({ resolution: 'followup', standalone_question: 'How do I sort a list in reverse order?' });
    expect(await db().interaction.count({ where: { conversationId: first.body.conversation } })).toBe(2);
    expect(await db().conversation.count({ where: { id: first.body.conversation } })).toBe(1);
  });

  it('a question about the thread itself returns no search and answers from the last answer', async () => {
    const first = await ask({ question: 'how do I delete a key from a dictionary' });
    const summary = await ask({ question: 'Summarise your last answer please', conversation: first.body.conversation });
    expect(summary.status).toBe(200);
    expect(summary.body.search).toEqual([]);
    expect(summary.body.generational.content).toContain('del d[key]');
    const row = await db().interaction.findUniqueOrThrow({ where: { identifier: summary.body.identifier } });
    expect(JSON.parse(row.extra).resolution).toBe('context');
  });

  it('a question with its own subject in a thread is searched as it is', async () => {
    const first = await ask({ question: 'How do I sort a list?' });
    const next = await ask({ question: 'How can I pause an asyncio coroutine for some seconds?', conversation: first.body.conversation });
    expect(next.body.search[0].content.name).toBe('asyncio tasks');
  });

  it('different conversation values never share context', async () => {
    const sorting = await ask({ question: 'How do I sort a list?' });
    const files = await ask({ question: 'How do I open a file for writing?' });
    const a = await ask({ question: 'and what about reading?', conversation: files.body.conversation });
    const b = await ask({ question: 'and in reverse order?', conversation: sorting.body.conversation });
    expect(a.body.search[0].content.name).toBe('Reading and writing files');
    expect(b.body.search[0].content.name).toBe('Sorting lists');
    const extraA = JSON.parse((await db().interaction.findUniqueOrThrow({ where: { identifier: a.body.identifier } })).extra);
    expect(extraA.standalone_question).not.toMatch(/sort/i);
  });

  it('a conversation of another organisation is not found, and its thread is untouched', async () => {
    const other = await createTenant('conv-other');
    await loadCorpus(other, 'Python docs');
    const theirs = await ask({ question: 'How do I sort a list?' }, other.apiKey);
    const res = await ask({ question: 'and in reverse order?', conversation: theirs.body.conversation });
    expect(res).toMatchObject({ status: 404, body: { detail: 'Conversation not found' } });
    expect(await db().interaction.count({ where: { conversationId: theirs.body.conversation } })).toBe(1);
    // Malformed values are simply not found either.
    expect((await ask({ question: 'sort', conversation: "x' OR '1'='1" })).status).toBe(404);
  });
});
