// Datamodels, presets and generative models managed through the API (the
// Models page uses the same routes): create, read, change and delete, with
// the admin CLI's rules (409 while in use), role rules (OWNER/ADMIN and API
// keys write; EDITOR/VIEWER 403), validation (400 {detail}) and tenancy
// (another organisation's ids are 404).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { overrideConfig } from '@/lib/config';
import { db } from '@/lib/db/client';
import * as models from '@/app/searcher/v1/generative_models/route';
import * as model from '@/app/searcher/v1/generative_models/[model_id]/route';
import * as connectionTest from '@/app/searcher/v1/generative_models/connection_test/route';
import * as presets from '@/app/searcher/v1/presets/route';
import * as preset from '@/app/searcher/v1/presets/[preset_id]/route';
import * as datamodels from '@/app/searcher/v1/datamodels/route';
import * as datamodel from '@/app/searcher/v1/datamodels/[datamodel_id]/route';
import * as smartpages from '@/app/api/v1/smartpages/route';
import { upsertGenerativeModel } from '@/lib/generation/catalog';
import { call } from '../helpers/http';
import { asMember, withToken } from '../helpers/session-as';
import { createKnowledge, createTenant, type Tenant } from '../helpers/tenant';

vi.mock('@/lib/auth/session', async (original) => (await import('../helpers/session-as')).withSignedIn(await original()));

let a: Tenant;
let b: Tenant;
let datasetA: number;
let datasetB: number;
let extractiveId: number;

beforeAll(async () => {
  a = await createTenant('cat-a');
  b = await createTenant('cat-b');
  datasetA = (await createKnowledge(a, 'Handbook')).dataset.id;
  datasetB = (await createKnowledge(b, 'Manual')).dataset.id;
  extractiveId = (await upsertGenerativeModel({ name: 'extractive', provider: 'extractive', feeSearch: 1, feeStream: 1, feeDeepsearch: 2 })).id;
});

const p = (name: string, id: number) => ({ params: { [name]: String(id) } });

const createModel = (t: Tenant, body: object, who = asMember(t, 'ADMIN')) => call(models.POST, 'POST', '/searcher/v1/generative_models', { ...who, body });
const createPreset = (t: Tenant, body: object) => call(presets.POST, 'POST', '/searcher/v1/presets', { ...asMember(t, 'OWNER'), body });
/** One model's route, called by the tenant's OWNER; a PATCH carries a small valid change. */
const callModel = (method: 'GET' | 'PATCH' | 'DELETE', t: Tenant, id: number) =>
  call({ GET: model.GET, PATCH: model.PATCH, DELETE: model.DELETE }[method], method, '/x', {
    ...asMember(t, 'OWNER'),
    ...p('model_id', id),
    ...(method === 'PATCH' ? { body: { fee_search: 1 } } : {}),
  });
const createDatamodel = (t: Tenant, body: object) => call(datamodels.POST, 'POST', '/searcher/v1/datamodels', { ...asMember(t, 'OWNER'), body });

describe('generative models', () => {
  it('creates a project model, lists it beside the service models, changes it and deletes it', async () => {
    const name = `gpt-${a.tag}`;
    const created = await createModel(a, {
      name,
      provider: 'openai',
      base_url: 'https://llm.example.com/v1/',
      provider_model: 'gpt-4o-mini',
      api_key_env: 'OPENAI_API_KEY',
      fee_search: 2,
      fee_stream: 2.5,
      fee_deepsearch: 4,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name,
      scope: 'project',
      provider: 'openai',
      base_url: 'https://llm.example.com/v1',
      provider_model: 'gpt-4o-mini',
      api_key_env: 'OPENAI_API_KEY',
      api_key_set: false,
      fee_search: 2,
      fee_stream: 2.5,
      fee_deepsearch: 4,
      used_by: { presets: 0, datamodels: 0 },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.id;

    const listed = await call(models.GET, 'GET', '/x', asMember(a, 'VIEWER'));
    expect(listed.status).toBe(200);
    const names = listed.body.map((m: { name: string }) => m.name);
    expect(names).toContain(name);
    expect(listed.body.find((m: { name: string }) => m.name === 'extractive')).toMatchObject({
      id: extractiveId,
      scope: 'service',
      base_url: null,
      api_key_env: null,
      api_key_set: null,
    });
    // Another organisation does not see it, and cannot reach it by id.
    expect((await call(models.GET, 'GET', '/x', withToken(b.apiKey))).body.map((m: { name: string }) => m.name)).not.toContain(name);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await callModel(method, b, id);
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ detail: `Generative model ${id} not found` });
    }

    const changed = await call(model.PATCH, 'PATCH', '/x', { ...asMember(a, 'OWNER'), ...p('model_id', id), body: { fee_search: 3, provider_model: null } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ fee_search: 3, fee_stream: 2.5, provider_model: null, base_url: 'https://llm.example.com/v1' });
    // Back to extractive: the connection settings go.
    const extractive = await call(model.PATCH, 'PATCH', '/x', { ...asMember(a, 'OWNER'), ...p('model_id', id), body: { provider: 'extractive' } });
    expect(extractive.body).toMatchObject({ provider: 'extractive', base_url: null, provider_model: null, api_key_env: null, api_key_set: null });

    expect((await call(model.DELETE, 'DELETE', '/x', { ...asMember(a, 'ADMIN'), ...p('model_id', id) })).status).toBe(204);
    expect((await call(model.GET, 'GET', '/x', { ...asMember(a, 'ADMIN'), ...p('model_id', id) })).status).toBe(404);
  });

  it('leaves the service models to the operator (403) and keeps names unique across the service (409)', async () => {
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await callModel(method, a, extractiveId);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        detail: 'Generative model "extractive" is provided by the service to every project; only the operator can change it (admin CLI)',
      });
    }
    const clash = await createModel(a, { name: 'extractive' });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ detail: 'A generative model named "extractive" already exists; choose another name' });
    const mine = await createModel(b, { name: `taken-${b.tag}` });
    expect((await createModel(a, { name: `taken-${b.tag}` })).status).toBe(409);
    // The CLI's upsert by name leaves a project's model alone.
    await expect(upsertGenerativeModel({ name: `taken-${b.tag}`, provider: 'extractive' })).rejects.toThrow(`belongs to a model of project ${b.project.id}`);
    await call(model.DELETE, 'DELETE', '/x', { ...asMember(b, 'OWNER'), ...p('model_id', mine.body.id) });
  });

  it.each([
    [{ provider: 'openai' }, 'base_url: base_url is required for the openai provider'],
    [{ provider: 'openai', base_url: 'ftp://llm.example.com/v1' }, 'base_url: base_url must start with http:// or https://'],
    [{ provider: 'openai', base_url: 'not a url' }, 'base_url: base_url must be an http or https address such as https://api.openai.com/v1'],
    [
      { provider: 'openai', base_url: 'https://user:pw@llm.example.com/v1' },
      'base_url: base_url must not contain a user name or password (name the key with api_key_env)',
    ],
    [
      { provider: 'openai', base_url: 'http://10.1.2.3/v1' },
      'base_url is refused: 10.1.2.3 is a private (RFC 1918) address; a model made in the UI or API may only reach public addresses',
    ],
    [
      { provider: 'openai', base_url: 'http://169.254.169.254/v1' },
      'base_url is refused: 169.254.169.254 is a cloud metadata address; a model made in the UI or API may only reach public addresses',
    ],
    [
      { provider: 'openai', base_url: 'https://llm.example.com/v1', api_key_env: 'NEXTAUTH_SECRET' },
      'api_key_env: api_key_env must name a variable ending in _API_KEY (the server allows only provider keys)',
    ],
    [
      { provider: 'openai', base_url: 'https://llm.example.com/v1', api_key_env: 'openai key' },
      'api_key_env: api_key_env must be an environment variable name: capital letters, digits and underscores',
    ],
    [{ fee_search: 0 }, 'fee_search: fee_search must be at least 1'],
    [{ fee_stream: '2' }, 'fee_stream: fee_stream must be a number'],
    [{ provider: 'anthropic' }, 'provider: provider must be extractive or openai'],
    [{ api_key: 'sk-secret' }, 'Unknown field: api_key'],
  ])('refuses %j with 400', async (extra, detail) => {
    const res = await createModel(a, { name: `bad-${a.tag}`, ...extra });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it('takes a key name the operator allows (GENERATION_KEY_ENV_NAMES) and only those', async () => {
    overrideConfig({ GENERATION_KEY_ENV_NAMES: 'HF_TOKEN, LLM_API_KEY' });
    try {
      expect(
        (await createModel(a, { name: `bad-${a.tag}`, provider: 'openai', base_url: 'https://llm.example.com/v1', api_key_env: 'OPENAI_API_KEY' })).body,
      ).toEqual({
        detail: 'api_key_env: api_key_env must be one of the names the server allows: HF_TOKEN, LLM_API_KEY',
      });
      const ok = await createModel(a, { name: `hf-${a.tag}`, provider: 'openai', base_url: 'https://llm.example.com/v1', api_key_env: 'HF_TOKEN' });
      expect(ok.status).toBe(201);
      // Changing the key and trying settings out are held to the same list.
      const refused = { detail: 'api_key_env: api_key_env must name a variable ending in _API_KEY (the server allows only provider keys)' };
      overrideConfig({ GENERATION_KEY_ENV_NAMES: undefined });
      const changed = await call(model.PATCH, 'PATCH', '/x', {
        ...asMember(a, 'OWNER'),
        ...p('model_id', ok.body.id),
        body: { api_key_env: 'NEXTAUTH_SECRET' },
      });
      expect([changed.status, changed.body]).toEqual([400, refused]);
      const tried = await call(connectionTest.POST, 'POST', '/x', {
        ...asMember(a, 'OWNER'),
        body: { provider: 'openai', base_url: 'https://llm.example.com/v1', api_key_env: 'NEXTAUTH_SECRET' },
      });
      expect([tried.status, tried.body]).toEqual([400, refused]);
      await call(model.DELETE, 'DELETE', '/x', { ...asMember(a, 'OWNER'), ...p('model_id', ok.body.id) });
    } finally {
      overrideConfig({ GENERATION_KEY_ENV_NAMES: undefined });
    }
  });
});

describe('presets and datamodels', () => {
  it('creates a preset and a datamodel over it, and refuses to delete what is in use (409)', async () => {
    const own = await createModel(a, { name: `own-${a.tag}`, fee_search: 1.5 });
    const made = await createPreset(a, {
      identifier: 'support',
      name: 'Support answers',
      generative_model_id: own.body.id,
      prompt_template: 'Answer from {context}: {question}',
      parameters: { top_k: 8, min_score: 0.2 },
    });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(Number),
      identifier: 'support',
      name: 'Support answers',
      generative_model: `own-${a.tag}`,
      generative_model_id: own.body.id,
      prompt_template: 'Answer from {context}: {question}',
      parameters: { top_k: 8, min_score: 0.2 },
      used_by: { datamodels: 0 },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const dm = await createDatamodel(a, { name: 'Support bot', dataset_id: datasetA, preset_id: made.body.id });
    expect(dm.status).toBe(201);
    expect(dm.body).toEqual({
      id: expect.any(Number),
      name: 'Support bot',
      dataset: { id: datasetA, name: 'Handbook' },
      preset: { id: made.body.id, identifier: 'support', name: 'Support answers' },
      generative_model: `own-${a.tag}`,
      generative_model_id: own.body.id,
      used_by: { smartpages: 0 },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    // The console's lists keep their shape; ?include=settings adds the settings.
    const plain = await call(datamodels.GET, 'GET', '/x', withToken(a.apiKey));
    expect(plain.body).toEqual([
      {
        id: dm.body.id,
        name: 'Support bot',
        dataset: { id: datasetA, name: 'Handbook' },
        preset: { id: made.body.id, identifier: 'support', name: 'Support answers' },
        generative_model: `own-${a.tag}`,
        created_at: expect.any(String),
      },
    ]);
    const full = await call(datamodels.GET, 'GET', '/x', { ...withToken(a.apiKey), query: { include: 'settings' } });
    expect(full.body).toEqual([dm.body]);
    const presetList = await call(presets.GET, 'GET', '/x', { ...asMember(a, 'VIEWER'), query: { include: 'settings' } });
    expect(presetList.body).toEqual([{ ...made.body, used_by: { datamodels: 1 } }]);
    expect((await call(presets.GET, 'GET', '/x', { ...withToken(a.apiKey), query: { include: 'all' } })).body).toEqual({
      detail: 'include: include must be settings',
    });

    expect((await call(model.DELETE, 'DELETE', '/x', { ...asMember(a, 'OWNER'), ...p('model_id', own.body.id) })).body).toEqual({
      detail: `Generative model "own-${a.tag}" is used by preset "support" and datamodel "Support bot"; change or delete those first`,
    });
    expect((await call(preset.DELETE, 'DELETE', '/x', { ...asMember(a, 'OWNER'), ...p('preset_id', made.body.id) })).body).toEqual({
      detail: 'Preset "support" is used by datamodel "Support bot"; change or delete those first',
    });
    const page = await call(smartpages.POST, 'POST', '/api/v1/smartpages', {
      token: a.userTokens.OWNER,
      body: { name: 'Help', datamodel_id: dm.body.id, slug: `help-${a.tag}` },
    });
    const refused = await call(datamodel.DELETE, 'DELETE', '/x', { ...asMember(a, 'ADMIN'), ...p('datamodel_id', dm.body.id) });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: `Datamodel "Support bot" is published by smartpage "Help" (/s/help-${a.tag}); delete those or point them at another datamodel first`,
    });

    // Point the datamodel at the service model and the model is free to go.
    const moved = await call(datamodel.PATCH, 'PATCH', '/x', {
      ...asMember(a, 'ADMIN'),
      ...p('datamodel_id', dm.body.id),
      body: { name: 'Support assistant', generative_model_id: extractiveId },
    });
    expect(moved.body).toMatchObject({ name: 'Support assistant', generative_model: 'extractive', preset: { id: made.body.id }, used_by: { smartpages: 1 } });
    const repointed = await call(preset.PATCH, 'PATCH', '/x', {
      ...asMember(a, 'ADMIN'),
      ...p('preset_id', made.body.id),
      body: { generative_model_id: extractiveId, parameters: { top_k: 3 } },
    });
    expect(repointed.body).toMatchObject({ generative_model: 'extractive', parameters: { top_k: 3 }, prompt_template: 'Answer from {context}: {question}' });
    expect((await call(model.DELETE, 'DELETE', '/x', { ...asMember(a, 'OWNER'), ...p('model_id', own.body.id) })).status).toBe(204);

    await db().smartpage.delete({ where: { id: page.body.id } });
    expect((await call(datamodel.DELETE, 'DELETE', '/x', { ...asMember(a, 'ADMIN'), ...p('datamodel_id', dm.body.id) })).status).toBe(204);
    expect((await call(preset.DELETE, 'DELETE', '/x', { ...asMember(a, 'ADMIN'), ...p('preset_id', made.body.id) })).status).toBe(204);
    expect((await call(preset.GET, 'GET', '/x', { ...asMember(a, 'ADMIN'), ...p('preset_id', made.body.id) })).status).toBe(404);
  });

  it('finds nothing of another organisation (404) and refuses clashes (409)', async () => {
    const foreignModel = await createModel(b, { name: `b-only-${b.tag}` });
    const bPreset = await createPreset(b, { identifier: 'b-preset', generative_model_id: extractiveId });
    const aPreset = await createPreset(a, { identifier: 'a-preset', generative_model_id: extractiveId });
    expect(aPreset.body.parameters).toEqual({ top_k: 5, min_score: 0 });
    expect((await createPreset(a, { identifier: 'x', generative_model_id: foreignModel.body.id })).body).toEqual({
      detail: `Generative model ${foreignModel.body.id} not found`,
    });
    expect((await createPreset(a, { identifier: 'a-preset', generative_model_id: extractiveId })).body).toEqual({
      detail: 'A preset "a-preset" already exists in this project',
    });
    expect((await createDatamodel(a, { name: 'X', dataset_id: datasetB, preset_id: aPreset.body.id })).body).toEqual({
      detail: `Dataset ${datasetB} not found`,
    });
    expect((await createDatamodel(a, { name: 'X', dataset_id: datasetA, preset_id: bPreset.body.id })).body).toEqual({
      detail: `Preset ${bPreset.body.id} not found`,
    });
    expect((await createDatamodel(a, { name: 'X', dataset_id: datasetA, preset_id: aPreset.body.id, generative_model_id: foreignModel.body.id })).status).toBe(
      404,
    );
    const bDm = await createDatamodel(b, { name: 'Manual bot', dataset_id: datasetB, preset_id: bPreset.body.id });
    expect(bDm.status).toBe(201);
    for (const [handler, method, name, id] of [
      [preset.GET, 'GET', 'preset_id', bPreset.body.id],
      [preset.PATCH, 'PATCH', 'preset_id', bPreset.body.id],
      [preset.DELETE, 'DELETE', 'preset_id', bPreset.body.id],
      [datamodel.GET, 'GET', 'datamodel_id', bDm.body.id],
      [datamodel.PATCH, 'PATCH', 'datamodel_id', bDm.body.id],
      [datamodel.DELETE, 'DELETE', 'datamodel_id', bDm.body.id],
    ] as const) {
      const res = await call(handler, method, '/x', { ...withToken(a.apiKey), ...p(name, id), ...(method === 'PATCH' ? { body: { name: 'mine' } } : {}) });
      expect(res.status, `${method} ${name}`).toBe(404);
    }
    const second = await createDatamodel(a, { name: 'Second', dataset_id: datasetA, preset_id: aPreset.body.id });
    expect((await createDatamodel(a, { name: 'Second', dataset_id: datasetA, preset_id: aPreset.body.id })).body).toEqual({
      detail: 'A datamodel "Second" already exists in this project',
    });
    await call(datamodel.DELETE, 'DELETE', '/x', { ...asMember(a, 'OWNER'), ...p('datamodel_id', second.body.id) });
    await call(preset.DELETE, 'DELETE', '/x', { ...asMember(a, 'OWNER'), ...p('preset_id', aPreset.body.id) });
  });

  it.each([
    [presets.POST, { identifier: 'p', generative_model_id: 1, parameters: { top_k: 0 } }, 'parameters.top_k: parameters.top_k must be at least 1'],
    [
      presets.POST,
      { identifier: 'p', generative_model_id: 1, parameters: { min_score: 2 } },
      'parameters.min_score: parameters.min_score must be between 0 and 1',
    ],
    [presets.POST, { identifier: 'p', generative_model_id: 1, parameters: { top_p: 1 } }, 'Unknown field: top_p'],
    [presets.POST, { identifier: 'p', generative_model_id: 1, prompt_template: '   ' }, 'prompt_template: prompt_template must not be empty'],
    [presets.POST, { identifier: '', generative_model_id: 1 }, 'identifier: identifier must not be empty'],
    [presets.POST, { identifier: 'p' }, 'generative_model_id: generative_model_id must be an integer'],
    [datamodels.POST, { name: 'x', dataset_id: 'one', preset_id: 1 }, 'dataset_id: dataset_id must be an integer'],
    [datamodels.POST, { name: 'x', dataset_id: 1, preset_id: 3_000_000_000 }, 'preset_id: preset_id is too large'],
    [datamodels.POST, { name: 'two\nlines', dataset_id: 1, preset_id: 1 }, 'name: name must be one line'],
  ] as const)('refuses a malformed body with 400 (%#)', async (handler, body, detail) => {
    const res = await call(handler, 'POST', '/x', { ...asMember(a, 'OWNER'), body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it("holds people to the plan's datamodel limit, counted over the organisation (403)", async () => {
    const t = await createTenant('cat-limit'); // the test plan allows 3
    const { dataset } = await createKnowledge(t, 'Docs');
    const base = await createPreset(t, { identifier: 'base', generative_model_id: extractiveId });
    for (const name of ['One', 'Two', 'Three']) expect((await createDatamodel(t, { name, dataset_id: dataset.id, preset_id: base.body.id })).status).toBe(201);
    const over = await createDatamodel(t, { name: 'Four', dataset_id: dataset.id, preset_id: base.body.id });
    expect(over.status).toBe(403);
    expect(over.body).toEqual({ detail: 'Your plan (Test plan) allows 3 datamodels; 3 already exist' });
  });
});

describe('who may change them', () => {
  it.each(['EDITOR', 'VIEWER'] as const)('%s: 403 on every write, lists still readable', async (role) => {
    const detail = `The ${role} role cannot change datamodels, presets or generative models; ask an owner or admin`;
    const writes = [
      () => call(models.POST, 'POST', '/x', { ...asMember(a, role), body: { name: `r-${a.tag}` } }),
      () => call(model.PATCH, 'PATCH', '/x', { ...asMember(a, role), ...p('model_id', extractiveId), body: { fee_search: 2 } }),
      () => call(model.DELETE, 'DELETE', '/x', { ...asMember(a, role), ...p('model_id', extractiveId) }),
      () => call(presets.POST, 'POST', '/x', { ...asMember(a, role), body: { identifier: 'r', generative_model_id: extractiveId } }),
      () => call(preset.PATCH, 'PATCH', '/x', { ...asMember(a, role), ...p('preset_id', 1), body: { name: 'r' } }),
      () => call(preset.DELETE, 'DELETE', '/x', { ...asMember(a, role), ...p('preset_id', 1) }),
      () => call(datamodels.POST, 'POST', '/x', { ...asMember(a, role), body: { name: 'r', dataset_id: datasetA, preset_id: 1 } }),
      () => call(datamodel.PATCH, 'PATCH', '/x', { ...asMember(a, role), ...p('datamodel_id', 1), body: { name: 'r' } }),
      () => call(datamodel.DELETE, 'DELETE', '/x', { ...asMember(a, role), ...p('datamodel_id', 1) }),
    ];
    for (const write of writes) expect((await write()).body).toEqual({ detail });
    expect(await db().generativeModel.count({ where: { name: `r-${a.tag}` } })).toBe(0);
    for (const list of [models.GET, presets.GET, datamodels.GET]) expect((await call(list, 'GET', '/x', asMember(a, role))).status).toBe(200);
  });

  it('API keys act for their project and may write; project and user tokens are not accepted (401)', async () => {
    const res = await createModel(a, { name: `key-${a.tag}` }, withToken(a.apiKey));
    expect(res.status).toBe(201);
    expect((await call(model.DELETE, 'DELETE', '/x', { ...withToken(a.apiKey), ...p('model_id', res.body.id) })).status).toBe(204);
    expect((await createModel(a, { name: `prj-${a.tag}` }, withToken(a.projectToken))).status).toBe(401);
    expect((await createModel(a, { name: `usr-${a.tag}` }, withToken(a.userTokens.OWNER))).status).toBe(401);
  });

  it('refuses a session write from another site (403)', async () => {
    const res = await call(models.POST, 'POST', '/x', { ...asMember(a, 'OWNER'), headers: { 'sec-fetch-site': 'cross-site' }, body: { name: `x-${a.tag}` } });
    expect(res.status).toBe(403);
  });
});

describe('a project goes with its own models', () => {
  it('deletes the project with its model, preset and datamodel', async () => {
    const t = await createTenant('cat-gone');
    const { dataset } = await createKnowledge(t, 'Docs');
    const own = await createModel(t, { name: `gone-${t.tag}` });
    const made = await createPreset(t, { identifier: 'gone', generative_model_id: own.body.id });
    await createDatamodel(t, { name: 'Gone bot', dataset_id: dataset.id, preset_id: made.body.id, generative_model_id: own.body.id });
    await db().project.delete({ where: { id: t.project.id } });
    expect(await db().generativeModel.count({ where: { id: own.body.id } })).toBe(0);
  });
});
