// The served OpenAPI document: valid OpenAPI 3.1 in shape (checked
// structurally below, and every schema compiled as JSON Schema 2020-12 with
// ajv), every operation from a route() contract with its parameters, body,
// credentials and errors, and methods answered by otherMethods() left out.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildDocument, listOperations } from '@/lib/openapi/document';
import { OPERATIONS } from '@/lib/openapi/operations';
import { ROUTE_MODULES } from '@/lib/openapi/routes.generated';
import { GET as openapiRoute } from '@/app/api/openapi.json/route';
import { openApiValidator } from '../helpers/openapi';

type Json = Record<string, any>;
const document = buildDocument() as Json;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

// The parts of the OpenAPI 3.1 specification this document uses, as zod schemas.
const reference = z.object({ $ref: z.string().startsWith('#/') }).strict();
const parameter = z
  .object({
    name: z.string().min(1),
    in: z.enum(['path', 'query', 'header', 'cookie']),
    required: z.boolean(),
    description: z.string().optional(),
    schema: z.record(z.string(), z.unknown()),
  })
  .strict()
  .refine((p) => p.in !== 'path' || p.required, 'a path parameter must be required');
const mediaType = z.object({ schema: z.record(z.string(), z.unknown()) }).strict();
const response = z.union([
  reference,
  z
    .object({
      description: z.string().min(1),
      headers: z.record(z.string(), z.object({ description: z.string(), schema: z.record(z.string(), z.unknown()) })).optional(),
      content: z.record(z.string(), mediaType).optional(),
    })
    .strict(),
]);
const operation = z
  .object({
    operationId: z.string().regex(/^[A-Za-z0-9_]+$/),
    summary: z.string().min(1),
    description: z.string().optional(),
    tags: z.array(z.string()).length(1),
    security: z.array(z.record(z.string(), z.array(z.string()))),
    parameters: z.array(parameter).optional(),
    requestBody: z
      .object({ required: z.boolean(), description: z.string().optional(), content: z.record(z.string(), mediaType) })
      .strict()
      .optional(),
    responses: z.record(z.string().regex(/^[1-5]\d\d$/), response),
  })
  .strict();
const pathItem = z
  .object({
    description: z.string().optional(),
    'x-methods-not-allowed': z.array(z.string()).optional(),
    ...Object.fromEntries(METHODS.map((m) => [m, operation.optional()])),
  })
  .strict();
const openApi31 = z
  .object({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.object({ title: z.string().min(1), version: z.string().min(1), description: z.string().optional() }).strict(),
    servers: z.array(z.object({ url: z.string() })),
    tags: z.array(z.object({ name: z.string(), description: z.string() }).strict()),
    paths: z.record(z.string().regex(/^\/[^?#]*$/), pathItem),
    components: z
      .object({
        schemas: z.record(z.string().regex(/^[A-Za-z0-9._-]+$/), z.record(z.string(), z.unknown())),
        responses: z.record(z.string(), response),
        securitySchemes: z.record(
          z.string(),
          z.union([
            z.object({ type: z.literal('http'), scheme: z.string(), description: z.string() }).strict(),
            z.object({ type: z.literal('apiKey'), in: z.enum(['query', 'header', 'cookie']), name: z.string(), description: z.string() }).strict(),
          ]),
        ),
      })
      .strict(),
  })
  .strict();

const operations = () =>
  Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m] as Json })),
  );

describe('the OpenAPI document', () => {
  it('has the shape of an OpenAPI 3.1 document', () => {
    const result = openApi31.safeParse(document);
    expect(result.success ? [] : result.error.issues.slice(0, 10)).toEqual([]);
  });

  it('is served at GET /api/openapi.json, public, as JSON', async () => {
    const res = await openapiRoute(new Request('http://localhost/api/openapi.json'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const served = await res.json();
    expect(served.openapi).toBe('3.1.0');
    expect(served.paths['/api/openapi.json'].get.security).toEqual([]);
  });

  it('every $ref points at something in the document', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      const target = ref
        .slice(2)
        .split('/')
        .reduce<any>((node, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);
      expect(target, ref).toBeDefined();
    }
  });

  it('every schema compiles as JSON Schema 2020-12 (ajv)', () => {
    const validator = openApiValidator(document);
    let compiled = 0;
    for (const { op } of operations()) {
      for (const p of op.parameters ?? []) validator.compile(p.schema), compiled++;
      for (const media of Object.values<Json>(op.requestBody?.content ?? {})) validator.compile(media.schema), compiled++;
      for (const r of Object.values<Json>(op.responses)) for (const media of Object.values<Json>(r.content ?? {})) validator.compile(media.schema), compiled++;
    }
    for (const name of Object.keys(document.components.schemas)) validator.compile({ $ref: `#/components/schemas/${name}` });
    expect(compiled).toBeGreaterThan(150);
  });

  it('path templates and path parameters agree; operation ids are unique; tags and security schemes exist', () => {
    const ids = new Set<string>();
    const tags = new Set(document.tags.map((t: Json) => t.name));
    const schemes = new Set(Object.keys(document.components.securitySchemes));
    for (const { path, method, op } of operations()) {
      const template = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p: Json) => p.in === 'path')
        .map((p: Json) => p.name)
        .sort();
      expect(declared, `${method} ${path}`).toEqual(template);
      expect(ids.has(op.operationId), op.operationId).toBe(false);
      ids.add(op.operationId);
      expect(tags.has(op.tags[0]), op.tags[0]).toBe(true);
      for (const requirement of op.security) for (const name of Object.keys(requirement)) expect(schemes.has(name), name).toBe(true);
    }
  });

  it('every operation has its entry in operations.ts and every entry names an operation', () => {
    const { operations: listed, unknown } = listOperations();
    expect(unknown).toEqual([]);
    const keys = listed.map((o) => `${o.method} ${o.pattern}`);
    expect(keys.filter((k) => !OPERATIONS[k])).toEqual([]);
    expect(Object.keys(OPERATIONS).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('methods answered by otherMethods() are not operations, and are named as 405s', () => {
    const datasets = document.paths['/searcher/v1/datasets'];
    expect(
      Object.keys(datasets)
        .filter((k) => (METHODS as readonly string[]).includes(k))
        .sort(),
    ).toEqual(['get', 'post']);
    expect(datasets['x-methods-not-allowed']).toEqual(['PUT', 'PATCH', 'DELETE']);
    const search = document.paths['/searcher/v1/search'];
    expect(Object.keys(search).filter((k) => (METHODS as readonly string[]).includes(k))).toEqual(['post']);
    // Every exported method of every route file is either an operation or a 405.
    for (const entry of ROUTE_MODULES) {
      const item = document.paths[entry.pattern];
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        if (!(method in entry.module)) continue;
        const listedHere = Boolean(item[method.toLowerCase()]) || (item['x-methods-not-allowed'] ?? []).includes(method);
        expect(listedHere, `${method} ${entry.pattern}`).toBe(true);
      }
    }
  });

  it('takes parameters, queries and bodies from the zod contracts', () => {
    const dataset = document.paths['/searcher/v1/datasets/{dataset_id}'];
    expect(dataset.get.parameters).toEqual([{ name: 'dataset_id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d{1,10}$' } }]);
    const threads = document.paths['/api/v1/threads'].get;
    const names = threads.parameters.map((p: Json) => p.name);
    expect(names).toEqual(expect.arrayContaining(['start_date', 'end_date', 'question', 'evaluation', 'feedback', 'datamodel', 'limit', 'offset']));
    expect(threads.parameters.every((p: Json) => p.in === 'query' && p.required === false)).toBe(true);
    expect(threads.parameters.find((p: Json) => p.name === 'feedback').schema).toEqual({ type: 'string', enum: ['true', 'false'] });
    const search = document.paths['/searcher/v1/search'].post;
    expect(search.requestBody.content['application/json'].schema.required).toEqual(['question']);
    expect(search.requestBody.content['application/json'].schema.properties.question).toMatchObject({ type: 'string', minLength: 1, maxLength: 4000 });
    expect(search.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SearchResponse' });
    const upload = document.paths['/searcher/v1/upload/files'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
  });

  it('names the credentials each family accepts, and none for public routes', () => {
    expect(document.paths['/searcher/v1/datasets'].get.security).toEqual([{ apiKey: [] }, { sessionCookie: [] }]);
    expect(document.paths['/api/v1/threads'].get.security).toEqual([{ userToken: [] }, { projectToken: [] }, { sessionCookie: [] }]);
    expect(document.paths['/api/v1/api_keys'].get.security).toEqual([{ userToken: [] }, { sessionCookie: [] }]);
    expect(document.paths['/api/v1/assessments'].post.security).toEqual([{ apiKey: [] }, { userToken: [] }, { sessionCookie: [] }]);
    expect(document.paths['/api/health'].get.security).toEqual([]);
    expect(document.paths['/api/smartpages/{slug}/search'].post.security).toEqual([]);
  });

  it('lists the {detail} error statuses each operation can answer', () => {
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path][method].responses)
        .map(Number)
        .filter((s) => s >= 400);
    expect(statuses('/searcher/v1/datasets', 'post')).toEqual([400, 401, 403, 409, 413, 415, 429, 503]);
    expect(statuses('/searcher/v1/datasets/{dataset_id}', 'get')).toEqual([400, 401, 403, 404, 429, 503]);
    expect(statuses('/api/v1/auth/token', 'post')).toEqual([400, 401, 413, 429, 503]);
    expect(statuses('/api/smartpages/{slug}/search', 'post')).toEqual([400, 403, 404, 413, 429, 503]);
    expect(statuses('/searcher/v1/upload/files', 'post')).toEqual([400, 401, 403, 413, 415, 429, 503]);
    expect(statuses('/api/metrics', 'get')).toEqual([400, 401, 403, 503]);
    expect(statuses('/api/health', 'get')).toEqual([400, 503]);
    expect(document.components.responses.Error404.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(document.components.schemas.Error).toMatchObject({ required: ['detail'] });
    expect(Object.keys(document.components.responses)).toEqual([
      'Error400',
      'Error401',
      'Error403',
      'Error404',
      'Error405',
      'Error409',
      'Error413',
      'Error415',
      'Error429',
      'Error503',
    ]);
  });

  it('holds no secrets: no tokens, keys or environment values', () => {
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/\b(key|prj|usr)_[A-Za-z0-9_-]{12,}/);
    for (const [name, value] of Object.entries(process.env)) {
      if (/SECRET|PASSWORD|TOKEN|_KEY$/.test(name) && value && value.length >= 8) expect(text.includes(value), name).toBe(false);
    }
  });
});
