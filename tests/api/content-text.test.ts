// A content's text sent with it (POST …/contents `text`, PUT /contents/{id}/text): parsed and split as an
// uploaded Markdown file is, written with its passages, index and token totals in one transaction, and found
// by search; bounded before parsing, refused for viewers, other organisations, imported contents and
// past the plan's limit, with nothing written.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { overrideConfig } from '@/lib/config';
import { MAX_CONTENT_TEXT } from '@/lib/knowledge/contract';
import * as contents from '@/app/searcher/v1/datasets/[dataset_id]/contents/route';
import * as contentText from '@/app/searcher/v1/contents/[content_id]/text/route';
import * as content from '@/app/searcher/v1/contents/[content_id]/route';
import { POST as search } from '@/app/searcher/v1/search/route';
import { call, expectError } from '../helpers/http';
import { asMember, withToken } from '../helpers/session-as';
import { createDatamodelFor, createKnowledge, createTenant, TEST_PLAN_LIMITS, type Tenant } from '../helpers/tenant';

vi.mock('@/lib/auth/session', async (original) => (await import('../helpers/session-as')).withSignedIn(await original()));

const FERRY = `# Ferry timetable

The harbour ferry to Quillon Island leaves pier 4 at 07:15 and 16:40 on weekdays.

## Tickets

Tickets for the zephyrine crossing are sold on board; children under six travel free.`;

let t: Tenant;
let other: Tenant;
let k: Awaited<ReturnType<typeof createKnowledge>>;

const datasetParams = () => ({ dataset_id: String(k.dataset.id) });
const create = (body: Record<string, unknown>, options = withToken(t.apiKey)) =>
  call(contents.POST, 'POST', '/x', { ...options, params: datasetParams(), body: { subject_id: k.subject.id, ...body } });
const replace = (contentId: number, text: unknown, options = withToken(t.apiKey)) =>
  call(contentText.PUT, 'PUT', '/x', { ...options, params: { content_id: String(contentId) }, body: { text } });
const ask = (question: string) => call(search, 'POST', '/searcher/v1/search', withToken(t.apiKey, { body: { question, dataset: k.dataset.name } }));
const passagesOf = (contentId: number) => db().passage.findMany({ where: { contentId }, orderBy: { position: 'asc' } });
const indexedTokens = async (tenant: Tenant) => (await db().organization.findUniqueOrThrow({ where: { id: tenant.organization.id } })).indexedTokens;

beforeAll(async () => {
  t = await createTenant('text');
  other = await createTenant('text-other');
  k = await createKnowledge(t, `Harbour ${t.tag}`);
  await createDatamodelFor(t, k.dataset.name, 'Harbour assistant');
});

describe('POST /searcher/v1/datasets/{id}/contents with text', () => {
  it('writes the content with its passages and token totals, and search finds it', async () => {
    const before = await indexedTokens(t);
    const res = await create({ name: 'Ferry guide', source: '', text: `\n  ${FERRY}\n\n` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Ferry guide', origin: 'text', passage_count: 2 });
    const passages = await passagesOf(res.body.id);
    expect(passages.map((p) => [p.heading, p.text])).toEqual([
      ['Ferry timetable', 'The harbour ferry to Quillon Island leaves pier 4 at 07:15 and 16:40 on weekdays.'],
      ['Ferry timetable › Tickets', 'Tickets for the zephyrine crossing are sold on board; children under six travel free.'],
    ]);
    const tokens = passages.reduce((sum, p) => sum + p.tokenCount, 0);
    expect(res.body.token_count).toBe(tokens);
    expect(await indexedTokens(t)).toBe(before + tokens);

    const found = await ask('Where are tickets for the zephyrine crossing sold?');
    expect(found.status).toBe(200);
    expect(found.body.search[0].content.name).toBe('Ferry guide');
    expect(found.body.search[0].context).toContain('zephyrine');
  });

  it('without text (or with an empty one) the content has no passages, as before', async () => {
    for (const text of [undefined, '   ']) {
      const res = await create({ name: `Empty ${String(text)}`, text });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ origin: 'text', passage_count: 0, token_count: 0 });
    }
  });

  it('drops NUL and other control characters before parsing', async () => {
    const res = await create({ name: 'Controls', text: 'Bell\u0007 and NUL\u0000 go;\r\nthe\ttab stays.\u0085' });
    expect(res.status).toBe(201);
    const [passage] = await passagesOf(res.body.id);
    // The Markdown reader then turns the tab and the line break into spaces, as it does in an uploaded file.
    expect(passage.text).toBe('Bell and NUL go; the tab stays.');
  });

  it(`a text over ${MAX_CONTENT_TEXT} characters is a 400 before parsing, and nothing is written`, async () => {
    const before = await indexedTokens(t);
    const res = await create({ name: 'Too long', text: 'a'.repeat(MAX_CONTENT_TEXT + 1) });
    expectError(res, 400, 'text: text must be at most 200,000 characters');
    expect(await db().content.count({ where: { datasetId: k.dataset.id, name: 'Too long' } })).toBe(0);
    expect(await indexedTokens(t)).toBe(before);
    // Exactly the limit is taken (surrounding whitespace does not count).
    const atLimit = await create({ name: 'At the limit', text: ` ${'word '.repeat(MAX_CONTENT_TEXT / 5 - 1)}word ` });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.passage_count).toBeGreaterThan(1);
  });

  it('is parsed in a parse thread: hostile Markdown over the time limit is a 400, nothing is written, the server answers meanwhile', async () => {
    overrideConfig({ IMPORT_PARSE_TIMEOUT_MS: '300' });
    try {
      // A hundred thousand nested quotes and unclosed links: seconds of the Markdown parser.
      const hostile = `${'>'.repeat(100_000)}${'['.repeat(50_000)}`;
      let ticks = 0;
      const clock = setInterval(() => ticks++, 20);
      const res = await create({ name: 'Hostile', text: hostile });
      clearInterval(clock);
      expectError(res, 400, 'text: Reading the file took longer than the 0.3 s time limit');
      expect(await db().content.count({ where: { datasetId: k.dataset.id, name: 'Hostile' } })).toBe(0);
      // The event loop kept turning while the thread parsed (on the request's thread it would not tick at all).
      expect(ticks).toBeGreaterThan(5);
    } finally {
      overrideConfig({ IMPORT_PARSE_TIMEOUT_MS: undefined });
    }
  });

  it('text must be a string', async () => {
    expectError(await create({ name: 'Typed', text: 42 }), 400, 'text: text must be a string');
  });

  it('a VIEWER session is refused and nothing is written; an EDITOR session may', async () => {
    const viewer = await create({ name: 'By a viewer', text: FERRY }, asMember(t, 'VIEWER'));
    expectError(viewer, 403, 'The VIEWER role cannot change data');
    expect(await db().content.count({ where: { datasetId: k.dataset.id, name: 'By a viewer' } })).toBe(0);
    const editor = await create({ name: 'By an editor', text: 'Written by an editor.' }, asMember(t, 'EDITOR'));
    expect(editor.status).toBe(201);
    expect(editor.body.passage_count).toBe(1);
  });

  it("another organisation's dataset is a 404 and nothing is written", async () => {
    const res = await create({ name: 'Intruder', text: FERRY }, withToken(other.apiKey));
    expectError(res, 404, `Dataset ${k.dataset.id} not found`);
    expect(await db().content.count({ where: { name: 'Intruder' } })).toBe(0);
  });

  it("past the plan's indexed-token limit: 403 with the reason, and nothing is written", async () => {
    const tenant = await createTenant('text-limit');
    const knowledge = await createKnowledge(tenant, 'Limited');
    await db().organization.update({ where: { id: tenant.organization.id }, data: { indexedTokens: TEST_PLAN_LIMITS.indexedTokenLimit - 5 } });
    const res = await call(contents.POST, 'POST', '/x', {
      ...withToken(tenant.apiKey),
      params: { dataset_id: String(knowledge.dataset.id) },
      body: { subject_id: knowledge.subject.id, name: 'Too big', text: FERRY },
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(
      /^Saving this text \(\d+ tokens\) would pass the plan's indexed-token limit: 999995 of 1000000 tokens are already indexed$/,
    );
    expect(await db().content.count({ where: { datasetId: knowledge.dataset.id, name: 'Too big' } })).toBe(0);
    expect(await indexedTokens(tenant)).toBe(TEST_PLAN_LIMITS.indexedTokenLimit - 5);
  });
});

describe('PUT /searcher/v1/contents/{id}/text', () => {
  it('replaces the passages in one go: search finds the new text, not the old; unchanged passages keep their rows', async () => {
    const created = await create({
      name: 'Opening hours',
      text: '# Opening hours\n\nThe quaymaster office opens at dawn.\n\n## Winter\n\nIn winter the office is closed.',
    });
    const id = created.body.id as number;
    const [first] = await passagesOf(id);
    expect((await ask('When does the quaymaster office open?')).body.search[0].content.name).toBe('Opening hours');

    const before = await indexedTokens(t);
    const res = await replace(id, '# Opening hours\n\nThe quaymaster office opens at dawn.\n\n## Summer\n\nIn summer the marigold kiosk sells lemonade.');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, origin: 'text', passage_count: 2 });
    const passages = await passagesOf(id);
    expect(passages[0].id).toBe(first.id);
    expect(passages[1].text).toBe('In summer the marigold kiosk sells lemonade.');
    const tokens = passages.reduce((sum, p) => sum + p.tokenCount, 0);
    expect(res.body.token_count).toBe(tokens);
    expect(await indexedTokens(t)).toBe(before - created.body.token_count + tokens);

    const found = await ask('Who sells lemonade at the marigold kiosk?');
    expect(found.body.search[0].content.name).toBe('Opening hours');
    expect(found.body.search[0].context).toContain('marigold');
    const gone = await ask('Is the office closed in winter?');
    expect(gone.body.search.some((s: { context: string }) => s.context.includes('closed'))).toBe(false);
  });

  it('GET …/text gives the passages joined; saving it unchanged keeps every passage', async () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `Rule ${i + 1} of the marina: boats moor stern first at berth ${i + 1}. Fees are paid weekly.`);
    const text = `# Marina rules\n\n${paragraphs.join(' ')}\n\n## Fuel\n\nThe fuel dock opens at nine.`;
    const created = await create({ name: 'Marina rules', text });
    expect(created.body.passage_count).toBeGreaterThan(2);
    const before = await passagesOf(created.body.id);
    const read = await call(contentText.GET, 'GET', '/x', { ...withToken(t.apiKey), params: { content_id: String(created.body.id) } });
    expect(read.status).toBe(200);
    expect(read.body.text).toBe(text);
    const saved = await replace(created.body.id, read.body.text);
    expect(saved.status).toBe(200);
    expect((await passagesOf(created.body.id)).map((p) => p.id)).toEqual(before.map((p) => p.id));
  });

  it('an empty text removes every passage and gives the tokens back', async () => {
    const created = await create({ name: 'Short-lived', text: 'Soon gone.' });
    const before = await indexedTokens(t);
    const res = await replace(created.body.id, '');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ passage_count: 0, token_count: 0 });
    expect(await indexedTokens(t)).toBe(before - created.body.token_count);
  });

  it('too long: 400 and the passages stay as they were', async () => {
    const created = await create({ name: 'Kept', text: 'Stays as it is.' });
    const before = await passagesOf(created.body.id);
    expectError(await replace(created.body.id, 'b'.repeat(MAX_CONTENT_TEXT + 1)), 400, 'text: text must be at most 200,000 characters');
    expectError(await replace(created.body.id, undefined), 400, 'text: text must be a string');
    expect(await passagesOf(created.body.id)).toEqual(before);
  });

  it('VIEWER 403, another organisation 404, and neither changes anything', async () => {
    const created = await create({ name: 'Guarded', text: 'Only editors change this.' });
    const before = await passagesOf(created.body.id);
    expectError(await replace(created.body.id, 'Changed by a viewer.', asMember(t, 'VIEWER')), 403, 'The VIEWER role cannot change data');
    expectError(await replace(created.body.id, 'Changed by a stranger.', withToken(other.apiKey)), 404, `Content ${created.body.id} not found`);
    const read = await call(contentText.GET, 'GET', '/x', { ...withToken(other.apiKey), params: { content_id: String(created.body.id) } });
    expectError(read, 404, `Content ${created.body.id} not found`);
    expect(await passagesOf(created.body.id)).toEqual(before);
    // A viewer may read the text.
    const viewerRead = await call(contentText.GET, 'GET', '/x', { ...asMember(t, 'VIEWER'), params: { content_id: String(created.body.id) } });
    expect(viewerRead.body).toEqual({ text: 'Only editors change this.' });
  });

  it('a content imported from a URL or uploaded from a file is a 409 (its text comes from there)', async () => {
    const url = await db().content.create({
      data: { datasetId: k.dataset.id, subjectId: k.subject.id, name: 'From the web', importUrl: 'https://example.com/page.html' },
    });
    const file = await db().content.create({ data: { datasetId: k.dataset.id, subjectId: k.subject.id, name: 'From a file', importUrl: 'upload:notes.md' } });
    expectError(
      await replace(url.id, 'New text'),
      409,
      `Content ${url.id} was imported from a URL: its text comes from there (import it again or re-sync the dataset to change it)`,
    );
    expectError(
      await replace(file.id, 'New text'),
      409,
      `Content ${file.id} was uploaded from a file: its text comes from the file (upload a new version of it instead)`,
    );
    const detail = await call(content.GET, 'GET', '/x', { ...withToken(t.apiKey), params: { content_id: String(url.id) } });
    expect(detail.body.origin).toBe('url');
    expect(await db().passage.count({ where: { contentId: { in: [url.id, file.id] } } })).toBe(0);
  });
});
