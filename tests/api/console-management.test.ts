import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/http';
import { askedInConsole, recordTurn } from '../helpers/interactions';
import { createKnowledge, createTenantWithAssistant, type Tenant } from '../helpers/tenant';
import { db } from '@/lib/db/client';
import { principalFromToken } from '@/lib/auth/principal';
import * as me from '@/app/api/v1/me/route';
import * as datamodels from '@/app/searcher/v1/datamodels/route';
import * as presets from '@/app/searcher/v1/presets/route';
import * as conversations from '@/app/searcher/v1/conversations/route';
import * as apiKeys from '@/app/api/v1/api_keys/route';
import * as apiKey from '@/app/api/v1/api_keys/[key_id]/route';
import * as projectTokens from '@/app/api/v1/project_tokens/route';
import * as projectToken from '@/app/api/v1/project_tokens/[token_id]/route';
import * as datasets from '@/app/searcher/v1/datasets/route';
import * as overview from '@/app/searcher/v1/datasets/full/route';
import * as assessments from '@/app/api/v1/assessments/route';

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  a = (await createTenantWithAssistant('cm-a', 'Alpha')).tenant;
  b = (await createTenantWithAssistant('cm-b', 'Beta')).tenant;
});

describe('GET /api/v1/me', () => {
  it.each([
    ['OWNER', true, ['overview', 'credits_resume', 'token_resume', 'threads', 'report_download']],
    ['ADMIN', true, ['overview', 'credits_resume', 'token_resume', 'threads', 'report_download']],
    ['EDITOR', false, ['credits_resume']],
    ['VIEWER', false, []],
  ] as const)('describes a %s with the reports they may open', async (role, manage, reports) => {
    const res = await call(me.GET, 'GET', '/api/v1/me', { token: a.userTokens[role] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: { id: a.users[role].id, name: `${role} ${a.tag}`, email: a.users[role].email },
      organization: { id: a.organization.id, name: a.organization.name },
      role,
      organizations: [{ id: a.organization.id, name: a.organization.name, role }],
      projects: [{ id: a.project.id, name: 'Main' }],
      project: { id: a.project.id, name: 'Main' },
      permissions: { write: role !== 'VIEWER', manage, reports },
    });
  });

  it('401 without credentials and for an API key', async () => {
    expect((await call(me.GET, 'GET', '/api/v1/me')).status).toBe(401);
    const res = await call(me.GET, 'GET', '/api/v1/me', { token: a.apiKey });
    expect(res.status).toBe(401);
    expect(res.body.detail).toContain('user access token');
  });
});

describe('GET /searcher/v1/datamodels and /searcher/v1/presets', () => {
  it('lists the project datamodels with their dataset, preset and model', async () => {
    const res = await call(datamodels.GET, 'GET', '/searcher/v1/datamodels', { token: a.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(Number),
        name: 'Alpha assistant',
        dataset: { id: expect.any(Number), name: 'Alpha' },
        preset: { id: expect.any(Number), identifier: 'preset-alpha assistant', name: 'preset-alpha assistant' },
        generative_model: 'extractive',
        created_at: expect.any(String),
      },
    ]);
  });

  it('lists the project presets and never another tenant’s', async () => {
    const res = await call(presets.GET, 'GET', '/searcher/v1/presets', { token: b.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { identifier: string }) => p.identifier)).toEqual(['preset-beta assistant']);
  });

  it('401 without credentials', async () => {
    expect((await call(presets.GET, 'GET', '/searcher/v1/presets')).status).toBe(401);
    expect((await call(datamodels.GET, 'GET', '/searcher/v1/datamodels', { token: a.projectToken })).status).toBe(401);
  });
});

describe('API keys and project tokens', () => {
  const kinds = [
    ['api_keys', apiKeys, apiKey, 'key_id', /^ks_key_/],
    ['project_tokens', projectTokens, projectToken, 'token_id', /^ks_prj_/],
  ] as const;

  it.each(kinds)('%s: create shows the token once, list shows the prefix, revoke works', async (path, list, one, param, pattern) => {
    const created = await call(list.POST, 'POST', `/api/v1/${path}`, { token: a.userTokens.ADMIN, body: { name: 'CI' } });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(pattern);
    expect(created.body).toMatchObject({ name: 'CI', prefix: expect.any(String), revoked_at: null, expires_at: null });
    expect(created.body.token.startsWith(created.body.prefix)).toBe(true);

    const listed = await call(list.GET, 'GET', `/api/v1/${path}`, { token: a.userTokens.OWNER });
    expect(listed.status).toBe(200);
    const item = listed.body.find((k: { id: number }) => k.id === created.body.id);
    expect(item).toEqual({
      id: created.body.id,
      name: 'CI',
      prefix: created.body.prefix,
      created_at: expect.any(String),
      last_used_at: null,
      expires_at: null,
      revoked_at: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token);

    // Used once: the list shows when; used again within the minute: no second write.
    const before = Date.now();
    await principalFromToken(created.body.token, ['apiKey', 'projectToken']);
    const used = (await call(list.GET, 'GET', `/api/v1/${path}`, { token: a.userTokens.OWNER })).body.find((k: { id: number }) => k.id === created.body.id);
    expect(Date.parse(used.last_used_at)).toBeGreaterThanOrEqual(before - 1000);
    await principalFromToken(created.body.token, ['apiKey', 'projectToken']);
    const again1 = (await call(list.GET, 'GET', `/api/v1/${path}`, { token: a.userTokens.OWNER })).body.find((k: { id: number }) => k.id === created.body.id);
    expect(again1.last_used_at).toBe(used.last_used_at);

    const revoked = await call(one.DELETE, 'DELETE', `/api/v1/${path}/${created.body.id}`, {
      token: a.userTokens.OWNER,
      params: { [param]: String(created.body.id) },
    });
    expect(revoked.status).toBe(204);
    const again = await call(one.DELETE, 'DELETE', `/api/v1/${path}/${created.body.id}`, {
      token: a.userTokens.OWNER,
      params: { [param]: String(created.body.id) },
    });
    expect(again.status).toBe(404);
  });

  it.each(kinds)('%s: EDITOR and VIEWER get 403', async (path, list) => {
    for (const role of ['EDITOR', 'VIEWER'] as const) {
      const get = await call(list.GET, 'GET', `/api/v1/${path}`, { token: a.userTokens[role] });
      expect(get.status).toBe(403);
      expect(get.body).toEqual({ detail: `The ${role} role cannot manage API keys and tokens; ask an owner or admin` });
      const post = await call(list.POST, 'POST', `/api/v1/${path}`, { token: a.userTokens[role], body: { name: 'x' } });
      expect(post.status).toBe(403);
    }
  });

  it.each(kinds)('%s: a key of another organisation cannot be revoked (404)', async (path, list, one, param) => {
    const foreign = await call(list.POST, 'POST', `/api/v1/${path}`, { token: b.userTokens.OWNER, body: { name: 'theirs' } });
    const res = await call(one.DELETE, 'DELETE', `/api/v1/${path}/${foreign.body.id}`, {
      token: a.userTokens.OWNER,
      params: { [param]: String(foreign.body.id) },
    });
    expect(res.status).toBe(404);
  });

  it('a created API key works on the knowledge endpoints until it is revoked', async () => {
    const created = await call(apiKeys.POST, 'POST', '/api/v1/api_keys', { token: a.userTokens.OWNER, body: { name: 'works' } });
    expect((await call(datasets.GET, 'GET', '/searcher/v1/datasets', { token: created.body.token })).status).toBe(200);
    await call(apiKey.DELETE, 'DELETE', '/x', { token: a.userTokens.OWNER, params: { key_id: String(created.body.id) } });
    expect((await call(overview.GET, 'GET', '/searcher/v1/datasets/full', { token: created.body.token })).status).toBe(401);
  });

  it.each([
    [{}, 'name: name is required and must be a string'],
    [{ name: '' }, 'name: name must not be empty'],
    [{ name: 'x', expires_at: '2001-01-01T00:00:00Z' }, 'expires_at: expires_at must be a date in the future'],
    [{ name: 'x', scope: 'all' }, 'Unknown field: scope'],
  ])('400 for a bad body %j', async (body, detail) => {
    const res = await call(apiKeys.POST, 'POST', '/api/v1/api_keys', { token: a.userTokens.OWNER, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it('401 for an API key or a project token (management takes user tokens and sessions)', async () => {
    for (const token of [a.apiKey, a.projectToken]) expect((await call(apiKeys.GET, 'GET', '/api/v1/api_keys', { token })).status).toBe(401);
  });

  it('404 for an x-project-id outside the organisation', async () => {
    const res = await call(apiKeys.GET, 'GET', '/api/v1/api_keys', { token: a.userTokens.OWNER, headers: { 'x-project-id': String(b.project.id) } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Project not found' });
  });
});

describe('GET /searcher/v1/conversations', () => {
  it('lists only the caller’s own conversations of the project, with their turns in order', async () => {
    const mine = await db().conversation.create({
      data: { id: crypto.randomUUID(), projectId: a.project.id, identifier: 'c1', origin: 'workspace', userEmail: a.users.OWNER.email },
    });
    const theirs = await db().conversation.create({
      data: { id: crypto.randomUUID(), projectId: a.project.id, identifier: 'c2', origin: 'workspace', userEmail: a.users.ADMIN.email },
    });
    const base = { type: 'stream' as const, origin: 'workspace' as const, datamodelName: 'Alpha assistant' };
    await recordTurn(a, {
      ...base,
      conversationId: mine.id,
      question: 'First?',
      content: 'One.',
      userEmail: a.users.OWNER.email,
      createdAt: new Date(Date.now() - 1000),
    });
    await recordTurn(a, { ...base, conversationId: mine.id, question: 'Second?', content: 'Two.', userEmail: a.users.OWNER.email });
    await recordTurn(a, { ...base, conversationId: theirs.id, question: 'Secret?', content: 'No.', userEmail: a.users.ADMIN.email });

    const res = await call(conversations.GET, 'GET', '/searcher/v1/conversations', { token: a.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ id: mine.id, title: 'First?', origin: 'workspace' });
    expect(res.body[0].turns.map((t: { question: string; answer: string }) => [t.question, t.answer])).toEqual([
      ['First?', 'One.'],
      ['Second?', 'Two.'],
    ]);
    expect(res.body[0].turns[0]).toMatchObject({
      type: 'stream',
      datamodel: 'Alpha assistant',
      total_tokens: 2,
      evaluation: null,
      feedback: null,
      feedback_options: null,
    });
    const other = await call(conversations.GET, 'GET', '/searcher/v1/conversations', { token: b.apiKey });
    expect(other.body).toEqual([]);
  });

  it('shows a saved rating with its reasons on the turn', async () => {
    const dataset = await db().dataset.findFirstOrThrow({ where: { projectId: a.project.id, name: 'Alpha' } });
    const { turn } = await askedInConsole(a, 'c4', { question: 'Rated?', content: 'Maybe.', userEmail: a.users.EDITOR.email, datasetId: dataset.id });
    const rated = await call(assessments.POST, 'POST', '/api/v1/assessments', {
      token: a.userTokens.EDITOR,
      body: {
        question: 'Rated?',
        answers: {},
        generativeAnswer: 'Maybe.',
        modelId: 0,
        datasetId: dataset.id,
        evaluation: 'negative',
        feedback: 'vague',
        extra: { negative_opinions: ['Incomplete'] },
        identifier: turn.identifier,
      },
    });
    expect(rated.status).toBe(200);
    const editorKey = await call(apiKeys.POST, 'POST', '/api/v1/api_keys', { token: a.userTokens.OWNER, body: { name: 'editor key' } });
    await db().apiKey.update({ where: { id: editorKey.body.id }, data: { userId: a.users.EDITOR.id } });
    const res = await call(conversations.GET, 'GET', '/x', { token: editorKey.body.token });
    expect(res.body).toHaveLength(1);
    expect(res.body[0].turns[0]).toMatchObject({
      identifier: turn.identifier,
      evaluation: 'negative',
      feedback: 'vague',
      feedback_options: ['Incomplete'],
      dataset_id: dataset.id,
    });
  });

  it('rebuilds the sources of each turn from its project only', async () => {
    const own = await createKnowledge(a, 'Sources');
    const passage = await db().passage.create({
      data: { contentId: own.content.id, datasetId: own.dataset.id, position: 0, text: 'Refunds take five days.', tokenCount: 5 },
    });
    const foreignDataset = await db().dataset.findFirstOrThrow({ where: { projectId: b.project.id } });
    const foreignContent = await db().content.findFirstOrThrow({ where: { datasetId: foreignDataset.id } });
    const secret = await db().passage.create({
      data: { contentId: foreignContent.id, datasetId: foreignDataset.id, position: 0, text: 'Secret of B.', tokenCount: 3 },
    });
    await askedInConsole(a, 'c5', {
      question: 'Refunds?',
      content: 'Five days.',
      userEmail: a.users.VIEWER.email,
      search: {
        query: 'refunds',
        results: [
          { passage_id: passage.id, content_id: own.content.id, content: 'Welcome', score: 0.9 },
          { passage_id: secret.id, content_id: foreignContent.id, content: 'Forged', score: 0.5 },
        ],
      },
    });
    const viewerKey = await call(apiKeys.POST, 'POST', '/api/v1/api_keys', { token: a.userTokens.OWNER, body: { name: 'viewer key' } });
    await db().apiKey.update({ where: { id: viewerKey.body.id }, data: { userId: a.users.VIEWER.id } });
    const res = await call(conversations.GET, 'GET', '/x', { token: viewerKey.body.token });
    const sources = res.body[0].turns[0].sources;
    expect(sources[0]).toEqual({
      content: {
        name: 'Welcome',
        source: 'https://example.com/welcome',
        subject: 'General',
        media_video: null,
        media_image: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      score: 0.9,
      answer: '',
      context: 'Refunds take five days.',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(sources[1]).toMatchObject({ content: { name: 'Forged', source: null, subject: '' }, context: '' });
    expect(JSON.stringify(res.body)).not.toContain('Secret of B');
  });

  it('filters by origin', async () => {
    const api = await db().conversation.create({
      data: { id: crypto.randomUUID(), projectId: a.project.id, identifier: 'c3', origin: 'api', userEmail: a.users.OWNER.email },
    });
    await recordTurn(a, { conversationId: api.id, type: 'search', origin: 'api', userEmail: a.users.OWNER.email, question: 'From a script?', content: 'Yes.' });
    const all = await call(conversations.GET, 'GET', '/x', { token: a.apiKey });
    expect(all.body.map((c: { id: string }) => c.id)).toContain(api.id);
    const workspace = await call(conversations.GET, 'GET', '/x', { token: a.apiKey, query: { origin: 'workspace' } });
    expect(workspace.status).toBe(200);
    expect(workspace.body.length).toBeGreaterThan(0);
    expect(workspace.body.every((c: { origin: string }) => c.origin === 'workspace')).toBe(true);
    const bad = await call(conversations.GET, 'GET', '/x', { token: a.apiKey, query: { origin: 'mars' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: 'origin: origin must be one of api, workspace, smartpage' });
  });

  it('400 for an unknown or bad query parameter', async () => {
    expect((await call(conversations.GET, 'GET', '/x', { token: a.apiKey, query: { page: '2' } })).body).toEqual({ detail: 'Unknown query parameter: page' });
    expect((await call(conversations.GET, 'GET', '/x', { token: a.apiKey, query: { limit: '0' } })).status).toBe(400);
  });
});
