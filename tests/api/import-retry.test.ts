// POST /searcher/v1/upload/{upload_id}/items/{item_id}/retry: a failed item
// goes back to the queue (with a corrected URL when one is sent) and the
// worker imports it; the rules of starting an upload apply (roles, tenancy,
// the URL contract and the fetch policy); anything not failed is a 409.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { overrideConfig } from '@/lib/config';
import { db } from '@/lib/db/client';
import { drainUploads } from '@/lib/ingest/worker';
import * as upload from '@/app/searcher/v1/upload/route';
import * as uploadOne from '@/app/searcher/v1/upload/[upload_id]/route';
import * as files from '@/app/searcher/v1/upload/files/route';
import * as retry from '@/app/searcher/v1/upload/[upload_id]/items/[item_id]/retry/route';
import { call } from '../helpers/http';
import { sendMultipart } from '../helpers/multipart';
import type { FileServer } from '../helpers/file-server';
import { twoTenantImportFixture } from '../helpers/import-fixture';
import type { Tenant } from '../helpers/tenant';

const session = vi.hoisted(() => ({ identity: null as { userId: number; organizationId: number } | null }));
vi.mock('@/lib/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth/session')>()),
  currentSessionIdentity: async () => session.identity,
}));

let server: FileServer;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  ({ server, a, b } = await twoTenantImportFixture('retry'));
});
afterAll(() => server.close());
afterEach(() => {
  session.identity = null;
  overrideConfig({ IMPORT_ALLOW_LOOPBACK: '1' });
});

type Item = { id: number; url: string | null; state: string; error: string | null; attempts: number; content_id: number | null };

async function progress(tenant: Tenant, id: number) {
  const res = await call(uploadOne.GET, 'GET', `/searcher/v1/upload/${id}`, { token: tenant.apiKey, params: { upload_id: String(id) } });
  return res.body as { state: string; items: Item[] };
}

/** An upload of these URLs into Vault, run to the end. */
async function imported(urls: string[]) {
  const res = await call(upload.POST, 'POST', '/searcher/v1/upload', {
    token: a.apiKey,
    body: { name: 'retry', uploads: urls.map((url) => ({ url, dataset_name: 'Vault' })) },
  });
  expect(res.status).toBe(200);
  await drainUploads({ workerId: `retry-${res.body.id}`, projectId: a.project.id });
  return { id: res.body.id as number, items: (await progress(a, res.body.id)).items };
}

/** Without a token: as the session of `session.identity`, from the app's own page (as a browser sends it). */
const retryCall = (uploadId: number, itemId: number, body: unknown = {}, token: string | null = a.apiKey) =>
  call(retry.POST, 'POST', '/x', {
    token,
    body,
    params: { upload_id: String(uploadId), item_id: String(itemId) },
    headers: token ? {} : { 'sec-fetch-site': 'same-origin' },
  });

describe('retry a failed item', () => {
  it('with a corrected URL: queued again from zero, then imported; the progress shows it', async () => {
    const first = await imported([server.url('/orchard.md'), server.url('/orchad.md')]);
    const failed = first.items[1];
    expect(failed).toMatchObject({ state: 'failed', error: 'The server answered 404 Not Found' });

    const res = await retryCall(first.id, failed.id, { url: server.url('/lighthouse.txt') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: failed.id, url: server.url('/lighthouse.txt'), state: 'queued', error: null, attempts: 0, content_id: null });
    expect((await progress(a, first.id)).state).toBe('running');

    await drainUploads({ workerId: 'retry-edit', projectId: a.project.id });
    const after = await progress(a, first.id);
    expect(after.state).toBe('done');
    expect(after.items[1]).toMatchObject({ state: 'done', error: null, attempts: 1, url: server.url('/lighthouse.txt') });
    const content = await db().content.findUniqueOrThrow({ where: { id: after.items[1].content_id! } });
    expect(content.source).toBe(server.url('/lighthouse.txt'));
  });

  it('as it was, once the server has the file', async () => {
    let up = false;
    server.on('/flaky.md', (_req, res) =>
      up ? res.writeHead(200, { 'content-type': 'text/markdown' }).end('# Flaky\n\nNow it is here.') : res.writeHead(404).end(),
    );
    const first = await imported([server.url('/flaky.md')]);
    expect(first.items[0].state).toBe('failed');
    up = true;
    const res = await retryCall(first.id, first.items[0].id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'queued', url: server.url('/flaky.md') });
    await drainUploads({ workerId: 'retry-same', projectId: a.project.id });
    expect((await progress(a, first.id)).items[0]).toMatchObject({ state: 'done', error: null });
  });

  it('409 for an item that is not failed (done, or already queued again)', async () => {
    const first = await imported([server.url('/orchard.md'), server.url('/nothing-here.md')]);
    const done = first.items[0];
    expect(done.state).toBe('done');
    const res = await retryCall(first.id, done.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: `Item ${done.id} is done, not failed: only a failed item can be retried` });

    const failed = first.items[1];
    expect((await retryCall(first.id, failed.id)).status).toBe(200);
    const twice = await retryCall(first.id, failed.id, { url: server.url('/orchard.md') });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ detail: `Item ${failed.id} is queued, not failed: only a failed item can be retried` });
    // The second call changed nothing.
    expect((await progress(a, first.id)).items[1]).toMatchObject({ state: 'queued', url: server.url('/nothing-here.md') });
    await drainUploads({ workerId: 'retry-409', projectId: a.project.id });
  });

  it('400 for a URL that would be refused when submitted; the item stays as it was', async () => {
    const first = await imported([server.url('/missing-1.md')]);
    const item = first.items[0];
    const cases: [unknown, string][] = [
      [{ url: 'ftp://example.com/a.pdf' }, 'url: url must be an http or https URL'],
      [{ url: 'not a url' }, 'url: url must be an absolute URL'],
      [{ url: '' }, 'url: url must not be empty; url: url must be an absolute URL'],
      [{ url: 42 }, 'url: url is required and must be a string'],
      [{ url: `https://example.com/${'a'.repeat(2000)}` }, 'url: url must be at most 2000 characters'],
      [{ url: 'http://10.0.0.1/a.pdf' }, 'url: http://10.0.0.1/a.pdf cannot be imported. Refused 10.0.0.1: 10.0.0.1 is a private (RFC 1918) address'],
      [
        { url: 'http://169.254.169.254/latest/meta-data/' },
        'url: http://169.254.169.254/latest/meta-data/ cannot be imported. Refused 169.254.169.254: 169.254.169.254 is a cloud metadata address',
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await retryCall(first.id, item.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toEqual({ detail });
    }
    // A name that resolves to loopback, without the test-only opt-in.
    overrideConfig({ IMPORT_ALLOW_LOOPBACK: '0' });
    const local = await retryCall(first.id, item.id, { url: 'http://localhost/a.md' });
    expect(local.status).toBe(400);
    expect(local.body.detail).toMatch(
      /^url: http:\/\/localhost\/a\.md cannot be imported\. Refused localhost: it resolves to (127\.0\.0\.1|::1), which is a loopback address$/,
    );
    overrideConfig({ IMPORT_ALLOW_LOOPBACK: '1' });

    const unknown = await retryCall(first.id, item.id, { url: server.url('/orchard.md'), colour: 'red' });
    expect(unknown.status).toBe(400);
    const malformed = await call(retry.POST, 'POST', '/x', {
      token: a.apiKey,
      rawBody: '{"url":',
      params: { upload_id: String(first.id), item_id: String(item.id) },
    });
    expect(malformed).toMatchObject({ status: 400, body: { detail: 'Malformed JSON body' } });
    const badId = await call(retry.POST, 'POST', '/x', { token: a.apiKey, body: {}, params: { upload_id: String(first.id), item_id: 'abc' } });
    expect(badId.status).toBe(400);

    expect((await progress(a, first.id)).items[0]).toMatchObject({
      state: 'failed',
      url: server.url('/missing-1.md'),
      error: 'The server answered 404 Not Found',
    });
  });

  it("404 for another organisation's item, and for an item of another upload", async () => {
    const mine = await imported([server.url('/missing-2.md')]);
    const item = mine.items[0];
    const foreign = await retryCall(mine.id, item.id, { url: server.url('/orchard.md') }, b.apiKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: `Item ${item.id} of upload ${mine.id} not found` });
    const other = await imported([server.url('/missing-3.md')]);
    const mixed = await retryCall(other.id, item.id);
    expect(mixed.status).toBe(404);
    expect((await progress(a, mine.id)).items[0]).toMatchObject({ state: 'failed', url: server.url('/missing-2.md') });
  });

  it('roles as for starting an upload: VIEWER session 403, EDITOR session 200; no credential or a project token 401', async () => {
    const first = await imported([server.url('/missing-4.md'), server.url('/missing-5.md')]);
    const [one, two] = first.items;
    session.identity = { userId: a.users.VIEWER.id, organizationId: a.organization.id };
    const viewer = await retryCall(first.id, one.id, {}, null);
    expect(viewer).toMatchObject({ status: 403, body: { detail: 'The VIEWER role cannot change data' } });
    session.identity = { userId: a.users.EDITOR.id, organizationId: a.organization.id };
    expect((await retryCall(first.id, one.id, {}, null)).status).toBe(200);
    session.identity = null;
    expect((await retryCall(first.id, two.id, {}, null)).status).toBe(401);
    expect((await retryCall(first.id, two.id, {}, a.projectToken)).status).toBe(401);
    expect((await retryCall(first.id, two.id, {}, a.userTokens.OWNER)).status).toBe(401);
    await drainUploads({ workerId: 'retry-roles', projectId: a.project.id });
  });

  it('a file from the computer: no URL to change (409); refused at upload, its bytes are gone (409)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const sent = await sendMultipart(
      files.POST,
      [
        { field: 'dataset_name', value: 'Vault' },
        { field: 'files', fileName: 'photo.png', bytes: png },
      ],
      { token: a.apiKey },
    );
    expect(sent.status).toBe(200);
    const item = (await progress(a, sent.body.id)).items[0];
    expect(item.state).toBe('failed');
    const edit = await retryCall(sent.body.id, item.id, { url: server.url('/orchard.md') });
    expect(edit).toMatchObject({ status: 409, body: { detail: `Item ${item.id} is a file uploaded from the computer: it has no URL to change` } });
    const again = await retryCall(sent.body.id, item.id);
    expect(again).toMatchObject({
      status: 409,
      body: { detail: 'The file "photo.png" is no longer stored (it was refused when uploaded, or removed): upload it again' },
    });
  });
});
