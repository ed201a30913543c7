// Real responses of the API validate against the served OpenAPI document's
// response schemas (ajv, JSON Schema 2020-12): the search, the knowledge
// lists, the reports, keys and tokens — and error bodies against {detail}.
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/http';
import { createKnowledge, createTenant, PASSWORD, type Tenant } from '../helpers/tenant';
import { reportTenant, type ReportTenant } from './reports-fixture';
import { openApiValidator } from '../helpers/openapi';
import { loadCorpus } from '../fixtures/search-corpus';
import { createDatamodelFor } from '../helpers/tenant';
import * as search from '@/app/searcher/v1/search/route';
import * as datasets from '@/app/searcher/v1/datasets/route';
import * as datasetsFull from '@/app/searcher/v1/datasets/full/route';
import * as dataset from '@/app/searcher/v1/datasets/[dataset_id]/route';
import * as subjects from '@/app/searcher/v1/datasets/[dataset_id]/subjects/route';
import * as contents from '@/app/searcher/v1/datasets/[dataset_id]/contents/route';
import * as contentsFull from '@/app/searcher/v1/datasets/[dataset_id]/contents/full/route';
import * as content from '@/app/searcher/v1/contents/[content_id]/route';
import * as threads from '@/app/api/v1/threads/route';
import * as credits from '@/app/api/v1/credits_resume/route';
import * as tokens from '@/app/api/v1/token_resume/route';
import * as overview from '@/app/api/v1/overview/route';
import * as apiKeys from '@/app/api/v1/api_keys/route';
import * as authToken from '@/app/api/v1/auth/token/route';

const validator = openApiValidator();

/** The response's status is documented for the operation and its body validates against it. */
function expectDocumented(method: string, path: string, res: { status: number; body: unknown }) {
  expect(validator.check(method, path, res.status, res.body), `${method} ${path} ${res.status}`).toEqual([]);
}

let t: Tenant;
let r: ReportTenant;
let k: Awaited<ReturnType<typeof createKnowledge>>;

beforeAll(async () => {
  t = await createTenant('openapi');
  k = await createKnowledge(t, 'Handbook');
  await loadCorpus(t, 'Python docs');
  await createDatamodelFor(t, 'Python docs', 'Python helper');
  r = await reportTenant('openapi-reports');
});

describe('responses validate against the OpenAPI document', () => {
  it('POST /searcher/v1/search', async () => {
    const res = await call(search.POST, 'POST', '/searcher/v1/search', {
      token: t.apiKey,
      body: { question: 'How do I sort a list?', dataset: 'Python docs' },
    });
    expect(res.status).toBe(200);
    expect(res.body.search.length).toBeGreaterThan(0);
    expectDocumented('POST', '/searcher/v1/search', res);
    // The schema is not vacuous: a field missing, one extra, a wrong type are each refused.
    const { identifier: _identifier, ...withoutIdentifier } = res.body;
    expect(validator.check('POST', '/searcher/v1/search', 200, withoutIdentifier)).not.toEqual([]);
    expect(validator.check('POST', '/searcher/v1/search', 200, { ...res.body, extra: 1 })).not.toEqual([]);
    expect(validator.check('POST', '/searcher/v1/search', 200, { ...res.body, search: [{ ...res.body.search[0], score: 'high' }] })).not.toEqual([]);
  });

  it('the knowledge endpoints: datasets, subjects, contents', async () => {
    const id = String(k.dataset.id);
    const cases = [
      ['GET', '/searcher/v1/datasets', await call(datasets.GET, 'GET', '/searcher/v1/datasets', { token: t.apiKey })],
      ['GET', '/searcher/v1/datasets/full', await call(datasetsFull.GET, 'GET', '/searcher/v1/datasets/full', { token: t.apiKey })],
      [
        'GET',
        '/searcher/v1/datasets/{dataset_id}',
        await call(dataset.GET, 'GET', `/searcher/v1/datasets/${id}`, { token: t.apiKey, params: { dataset_id: id } }),
      ],
      ['GET', '/searcher/v1/datasets/{dataset_id}/subjects', await call(subjects.GET, 'GET', `/x`, { token: t.apiKey, params: { dataset_id: id } })],
      ['GET', '/searcher/v1/datasets/{dataset_id}/contents', await call(contents.GET, 'GET', `/x`, { token: t.apiKey, params: { dataset_id: id } })],
      ['GET', '/searcher/v1/datasets/{dataset_id}/contents/full', await call(contentsFull.GET, 'GET', `/x`, { token: t.apiKey, params: { dataset_id: id } })],
      ['GET', '/searcher/v1/contents/{content_id}', await call(content.GET, 'GET', `/x`, { token: t.apiKey, params: { content_id: String(k.content.id) } })],
      [
        'POST',
        '/searcher/v1/datasets',
        await call(datasets.POST, 'POST', '/searcher/v1/datasets', { token: t.apiKey, body: { name: 'Created for the document' } }),
      ],
      [
        'PUT',
        '/searcher/v1/datasets/{dataset_id}',
        await call(dataset.PUT, 'PUT', `/x`, { token: t.apiKey, params: { dataset_id: id }, body: { name: 'Handbook' } }),
      ],
      [
        'POST',
        '/searcher/v1/datasets/{dataset_id}/subjects',
        await call(subjects.POST, 'POST', `/x`, { token: t.apiKey, params: { dataset_id: id }, body: { name: 'Another subject' } }),
      ],
      [
        'POST',
        '/searcher/v1/datasets/{dataset_id}/contents',
        await call(contents.POST, 'POST', `/x`, {
          token: t.apiKey,
          params: { dataset_id: id },
          body: { name: 'New page', source: 'Some text to index.', subject_id: k.subject.id },
        }),
      ],
    ] as const;
    for (const [method, path, res] of cases) {
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      expectDocumented(method, path, res);
    }
  });

  it('the reports: threads page, credits, tokens, overview', async () => {
    const range = { start_date: '2025-02-01', end_date: '2025-03-31' };
    const cases = [
      ['/api/v1/threads', await call(threads.GET, 'GET', '/api/v1/threads', { token: r.userTokens.OWNER, query: range })],
      ['/api/v1/credits_resume', await call(credits.GET, 'GET', '/api/v1/credits_resume', { token: r.userTokens.OWNER, query: range })],
      ['/api/v1/token_resume', await call(tokens.GET, 'GET', '/api/v1/token_resume', { token: r.projectToken, query: range })],
      ['/api/v1/overview', await call(overview.GET, 'GET', '/api/v1/overview', { token: r.userTokens.OWNER })],
    ] as const;
    for (const [path, res] of cases) {
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      expectDocumented('GET', path, res);
    }
    expect((cases[0][1].body as { results: unknown[] }).results.length).toBeGreaterThan(0);
  });

  it('keys and user tokens', async () => {
    expectDocumented('GET', '/api/v1/api_keys', await call(apiKeys.GET, 'GET', '/api/v1/api_keys', { token: t.userTokens.OWNER }));
    const created = await call(apiKeys.POST, 'POST', '/api/v1/api_keys', { token: t.userTokens.OWNER, body: { name: 'documented' } });
    expect(created.status).toBe(201);
    expectDocumented('POST', '/api/v1/api_keys', created);
    const signedIn = await call(authToken.POST, 'POST', '/api/v1/auth/token', { body: { email: t.users.ADMIN.email, password: PASSWORD } });
    expectDocumented('POST', '/api/v1/auth/token', signedIn);
  });

  it('error bodies are the documented {detail} for the documented statuses', async () => {
    const cases = [
      ['GET', '/searcher/v1/datasets/{dataset_id}', await call(dataset.GET, 'GET', '/x', { token: t.apiKey, params: { dataset_id: '999999' } })],
      ['GET', '/searcher/v1/datasets', await call(datasets.GET, 'GET', '/searcher/v1/datasets', { token: null })],
      ['GET', '/searcher/v1/datasets', await call(datasets.GET, 'GET', '/searcher/v1/datasets', { token: t.apiKey, query: { nope: '1' } })],
      ['GET', '/api/v1/threads', await call(threads.GET, 'GET', '/api/v1/threads', { token: r.userTokens.VIEWER })],
      ['POST', '/searcher/v1/datasets', await call(datasets.POST, 'POST', '/searcher/v1/datasets', { token: t.apiKey, body: { name: 'Handbook' } })],
    ] as const;
    expect(cases.map(([, , res]) => res.status)).toEqual([404, 401, 400, 403, 409]);
    for (const [method, path, res] of cases) expectDocumented(method, path, res);
  });
});
