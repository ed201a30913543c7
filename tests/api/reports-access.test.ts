// Who may read which report: the spec's role matrix over the real endpoints,
// both token kinds, and proofs that no token reads another tenant's data.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { GET as overview } from '@/app/api/v1/overview/route';
import { GET as credits } from '@/app/api/v1/credits_resume/route';
import { GET as tokens } from '@/app/api/v1/token_resume/route';
import { GET as threads } from '@/app/api/v1/threads/route';
import { GET as download } from '@/app/api/v1/report_download/route';
import { createProject } from '@/lib/tenancy/organizations';
import { createProjectToken } from '@/lib/auth/keys';
import { recordInteraction } from '@/lib/usage/record';
import { call } from '../helpers/http';
import { newConversation, reportTenant, type ReportTenant } from './reports-fixture';

const MARCH = { start_date: '2025-03-01', end_date: '2025-03-31' };
const ENDPOINTS = [
  ['overview', overview],
  ['credits_resume', credits],
  ['token_resume', tokens],
  ['threads', threads],
  ['report_download', download],
] as const;

const MATRIX: Record<string, Record<(typeof ENDPOINTS)[number][0], number>> = {
  OWNER: { overview: 200, credits_resume: 200, token_resume: 200, threads: 200, report_download: 200 },
  ADMIN: { overview: 200, credits_resume: 200, token_resume: 200, threads: 200, report_download: 200 },
  EDITOR: { overview: 403, credits_resume: 200, token_resume: 403, threads: 403, report_download: 403 },
  VIEWER: { overview: 403, credits_resume: 403, token_resume: 403, threads: 403, report_download: 403 },
};

let a: ReportTenant;
let b: ReportTenant;
let second: { projectId: number; token: string };

beforeAll(async () => {
  a = await reportTenant('access-a');
  // B has the same shape of data, ten times the credits, so a leak shows in every figure.
  b = await reportTenant('access-b', [{ at: '2025-03-10T00:00:00Z', origin: 'api', type: 'search', datamodel: 'Assistant', tokens: 7000, credits: 9000 }]);
  // A second project of A with one interaction: user tokens see it, the first project's token does not.
  const project = await createProject(a.organization.id, 'Second');
  const conversation = await newConversation(project.id, 'second-project', new Date('2025-03-05T00:00:00Z'));
  await recordInteraction({
    conversationId: conversation,
    projectId: project.id,
    organizationId: a.organization.id,
    type: 'stream',
    origin: 'workspace',
    question: 'q',
    content: 'a',
    promptTokens: 5,
    completionTokens: 5,
    totalTokens: 10,
    totalTokensWithFee: 11,
    createdAt: new Date('2025-03-05T00:00:00Z'),
  });
  second = { projectId: project.id, token: (await createProjectToken(project.id, { name: 'second' })).token };
});

describe('role matrix (4 roles × 5 endpoints)', () => {
  for (const role of ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER'] as const) {
    for (const [name, handler] of ENDPOINTS) {
      const expected = MATRIX[role][name];
      it(`${role} ${name} → ${expected}`, async () => {
        const res = await call(handler, 'GET', `/api/v1/${name}`, { token: a.userTokens[role], query: MARCH });
        expect(res.status).toBe(expected);
        if (expected === 403) expect(res.body).toEqual({ detail: `The ${role} role has no access to ${name}` });
      });
    }
  }
});

describe('token kinds', () => {
  it.each(ENDPOINTS)('a project token reads %s; an API key, a bad or a missing token is a 401', async (name, handler) => {
    expect((await call(handler, 'GET', `/api/v1/${name}`, { token: a.projectToken, query: MARCH })).status).toBe(200);
    expect((await call(handler, 'GET', `/api/v1/${name}`, { token: a.apiKey, query: MARCH })).status).toBe(401);
    expect((await call(handler, 'GET', `/api/v1/${name}`, { token: 'ks_usr_nope', query: MARCH })).status).toBe(401);
    const missing = await call(handler, 'GET', `/api/v1/${name}`, { query: MARCH });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ detail: expect.any(String) });
  });

  it('a project token whose project was deleted is a 404', async () => {
    const project = await createProject(a.organization.id, 'Doomed');
    const token = (await createProjectToken(project.id, { name: 'doomed' })).token;
    await db().project.delete({ where: { id: project.id } });
    const res = await call(credits, 'GET', '/api/v1/credits_resume', { token, query: MARCH });
    expect(res.status).toBe(404);
  });
});

describe('scopes: organisation for user tokens, project for project tokens, never another tenant', () => {
  it('credits: A user token = both projects of A; first project token = 990; second project token = 11; B sees only its own', async () => {
    const total = async (token: string) =>
      (await call(credits, 'GET', '/api/v1/credits_resume', { token, query: MARCH })).body.credits_usage_details.total_credits_used;
    expect(await total(a.userTokens.OWNER)).toBe(1001);
    expect(await total(a.projectToken)).toBe(990);
    expect(await total(second.token)).toBe(11);
    expect(await total(b.userTokens.OWNER)).toBe(9000);
    expect(await total(b.projectToken)).toBe(9000);
  });

  it('tokens and overview follow the same scopes', async () => {
    const processed = async (token: string) =>
      (await call(tokens, 'GET', '/api/v1/token_resume', { token, query: MARCH })).body.token_usage_details.total_tokens_processed;
    expect([await processed(a.userTokens.ADMIN), await processed(a.projectToken), await processed(second.token), await processed(b.projectToken)]).toEqual([
      660, 650, 10, 7000,
    ]);
    const ov = async (token: string) => (await call(overview, 'GET', '/api/v1/overview', { token, query: MARCH })).body;
    expect((await ov(a.userTokens.OWNER)).total_credit_used).toBe(1001);
    expect((await ov(second.token)).project_data).toMatchObject({ datamodels: 0, datasets: 0, smartpages: 0, total_api_requests: 1 });
    expect((await ov(b.userTokens.OWNER)).project_data).toMatchObject({ datamodels: 2, total_api_requests: 1, total_processed_tokens: 7000 });
  });

  it("datamodel_name matches only the caller's datamodels (B's 'Assistant' is not A's)", async () => {
    const res = await call(credits, 'GET', '/api/v1/credits_resume', { token: a.userTokens.OWNER, query: { ...MARCH, datamodel_name: 'Assistant' } });
    expect(res.body.credits_usage_details.total_credits_used).toBe(340);
    const theirs = await call(credits, 'GET', '/api/v1/credits_resume', { token: b.userTokens.OWNER, query: { ...MARCH, datamodel_name: 'Assistant' } });
    expect(theirs.body.credits_usage_details.total_credits_used).toBe(9000);
  });

  it('threads: each caller sees only threads of its scope', async () => {
    const ids = async (token: string) =>
      (await call(threads, 'GET', '/api/v1/threads', { token })).body.results.map((r: { conversation_identifier: string }) => r.conversation_identifier).sort();
    expect(await ids(a.userTokens.OWNER)).toEqual(['second-project', 'usage']);
    expect(await ids(a.projectToken)).toEqual(['usage']);
    expect(await ids(second.token)).toEqual(['second-project']);
    expect(await ids(b.projectToken)).toEqual(['usage']);
    const bThreads = (await call(threads, 'GET', '/api/v1/threads', { token: b.userTokens.OWNER })).body;
    expect(bThreads.count).toBe(1);
    expect(bThreads.results[0].interactions.map((i: { total_tokens_with_fee: number }) => i.total_tokens_with_fee)).toEqual([9000]);
  });

  it('download: a datamodel_id of another organisation matches nothing', async () => {
    const res = await call(download, 'GET', '/api/v1/report_download', {
      token: a.userTokens.OWNER,
      query: { ...MARCH, datamodel_id: String(b.datamodels.Assistant.id), section: 'threads' },
    });
    expect(res.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.response.arrayBuffer()) as unknown as ArrayBuffer);
    expect(book.getWorksheet('Threads')!.rowCount).toBe(1);
  });
});
