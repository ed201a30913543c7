// The OpenAPI 3.1 document, built from the route contracts: every route file
// (lib/openapi/routes.generated.ts) and every method it exports through
// route() becomes an operation — path parameters, query, JSON body from its
// zod schemas (z.toJSONSchema), the credentials its family accepts, the
// error statuses its contract implies — plus what operations.ts adds (summary,
// response). Methods answered by otherMethods() are 405s, not operations.
import { z } from 'zod';
import { contractOf, type RouteContract } from '../http/contract';
import { isMethodNotAllowed } from '../http/unsupported';
import { ACCEPTED_AUTH, REPORT_ROLES, type AuthMode } from '../auth/roles';
import { ROUTE_MODULES } from './routes.generated';
import type { RouteModuleEntry } from './registry';
import { OPERATIONS, type OperationDoc, type ResponseDoc } from './operations';
import { responseSchemas } from './responses';
import { tagOf, TAGS } from './tags';

type Json = Record<string, unknown>;

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

const SCHEME: Record<AuthMode, string> = { apiKey: 'apiKey', userToken: 'userToken', projectToken: 'projectToken', session: 'sessionCookie' };

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid parameters, query or body (unknown parameters included)',
  401: 'Missing, unknown, expired or revoked credentials',
  403: 'The role, plan or credential does not allow this (also: a cross-site write with the session cookie)',
  404: 'No such record in your organisation and project',
  405: 'Method not allowed on this path (Allow lists those it accepts)',
  409: 'Conflicts with existing data (a name taken, a record still in use)',
  413: 'Request body too large',
  415: 'Unsupported Content-Type (JSON routes take application/json)',
  429: 'Too many requests (rate limit of the credential, client or sign-in); retry after Retry-After seconds',
  503: 'The server is restarting; retry after Retry-After seconds',
};

export type Operation = { method: Method; pattern: string; file: string; contract: RouteContract; doc: OperationDoc | undefined };

/** Every operation of every registered route file, in file order. */
export function listOperations(routes: RouteModuleEntry[] = ROUTE_MODULES): { operations: Operation[]; refused: Map<string, Method[]>; unknown: string[] } {
  const operations: Operation[] = [];
  const refused = new Map<string, Method[]>();
  const unknown: string[] = [];
  for (const entry of routes) {
    for (const method of METHODS) {
      const handler = entry.module[method];
      if (handler === undefined) continue;
      const contract = contractOf(handler);
      if (contract) operations.push({ method, pattern: entry.pattern, file: entry.file, contract, doc: OPERATIONS[`${method} ${entry.pattern}`] });
      else if (isMethodNotAllowed(handler)) refused.set(entry.pattern, [...(refused.get(entry.pattern) ?? []), method]);
      else unknown.push(`${method} ${entry.pattern} (${entry.file}): not built by route() nor otherMethods()`);
    }
  }
  return { operations, refused, unknown };
}

let cached: Json | undefined;

/** The document (built once per process: the contracts do not change at run time). */
export function openApiDocument(): Json {
  cached ??= buildDocument();
  return cached;
}

export function buildDocument(routes: RouteModuleEntry[] = ROUTE_MODULES): Json {
  // A handler neither route() nor otherMethods() made has no contract to read: it is left out
  // (tests/unit/openapi-document.test.ts fails on it) rather than failing the whole document.
  const { operations, refused } = listOperations(routes);
  const paths: Record<string, Json> = {};
  for (const operation of operations) {
    const item = (paths[operation.pattern] ??= {});
    item[operation.method.toLowerCase()] = operationObject(operation);
  }
  for (const [pattern, methods] of refused) {
    const item = paths[pattern];
    if (!item) continue;
    item.description = `Other methods (${methods.join(', ')}) answer 405 {detail} with an Allow header.`;
    item['x-methods-not-allowed'] = methods;
  }
  const components = z.toJSONSchema(responseSchemas, { uri: (id) => `#/components/schemas/${id}`, io: 'output', unrepresentable: 'any' });
  const schemas: Record<string, Json> = { Error: errorSchema() };
  for (const [id, schema] of Object.entries(components.schemas)) schemas[id] = clean(schema as Json);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Knowledge search and usage reporting API',
      version: '1',
      description:
        'Every error answers `{detail}` with its status. Knowledge and search take an API key; reports take a user or project token; ' +
        'management takes a user token; the app itself uses the session cookie (writes only from its own origin).',
    },
    servers: [{ url: '/' }],
    tags: TAGS.filter((tag) => operations.some((op) => tagOf(op.pattern) === tag.name)),
    paths,
    components: {
      schemas,
      responses: Object.fromEntries(Object.entries(ERROR_TEXT).map(([status, text]) => [errorResponseName(Number(status)), errorResponse(text)])),
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'API key of a project (created in Access or with POST /api/v1/api_keys): `Authorization: Bearer key_…`',
        },
        userToken: { type: 'http', scheme: 'bearer', description: "User access token from POST /api/v1/auth/token: acts with the person's role" },
        projectToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'Project token for the reports (POST /api/v1/project_tokens): `Authorization: Bearer prj_…`',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'next-auth.session-token',
          description: "The app's session after signing in (`__Secure-` prefixed over HTTPS); `X-Project-Id` picks the project",
        },
      },
    },
  };
}

function operationObject({ method, pattern, contract, doc }: Operation): Json {
  const parameters = [...parametersOf(contract.params, 'path'), ...parametersOf(contract.query, 'query')];
  const operation: Json = {
    operationId: operationId(method, pattern),
    summary: doc?.summary ?? `${method} ${pattern}`,
    tags: [tagOf(pattern)],
    security: contract.family === 'public' ? [] : ACCEPTED_AUTH[contract.family].map((mode) => ({ [SCHEME[mode]]: [] })),
  };
  const notes = accessNotes(contract);
  if (doc?.description || notes) operation.description = [doc?.description, notes].filter(Boolean).join('\n\n');
  if (parameters.length) operation.parameters = parameters;
  if (contract.body) operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(contract.body, 'input') } } };
  else if (doc?.requestMedia)
    operation.requestBody = {
      required: true,
      description: doc.requestMedia.description,
      content: { [doc.requestMedia.media]: { schema: { type: 'object' } } },
    };
  const responses: Json = {};
  const success = doc?.response ?? { status: 200, description: 'Success', summary: 'JSON' };
  responses[String(success.status)] = successResponse(success);
  for (const status of errorStatuses(method, contract, doc)) responses[String(status)] = { $ref: `#/components/responses/${errorResponseName(status)}` };
  operation.responses = responses;
  return operation;
}

function accessNotes(contract: RouteContract): string {
  if (contract.report) return `Roles: ${REPORT_ROLES[contract.report].join(', ')} (user token or session); any project token of the organisation.`;
  if (contract.write) return 'Changes data: the VIEWER role is refused (403).';
  return '';
}

/** The error statuses an operation can answer, from its contract and its entry in operations.ts. */
export function errorStatuses(method: Method, contract: RouteContract, doc: OperationDoc | undefined): number[] {
  const statuses = new Set<number>([400]); // every route refuses unknown query parameters
  if (contract.family !== 'public') {
    statuses.add(401);
    statuses.add(403); // role, membership, plan; and a cross-site write with the session cookie
  }
  if (contract.params) statuses.add(404);
  if (contract.body) {
    statuses.add(413);
    if (contract.family !== 'public' && method !== 'GET') statuses.add(415); // session writes take application/json only
  }
  // Rate limits (route()'s rateLimit option): per credential by default on authenticated routes
  // (API_RATE_LIMIT_*, off unless configured), a route's own policy on public ones (smartpages).
  if (contract.family === 'public' ? Boolean(contract.rateLimit) : contract.rateLimit !== false) statuses.add(429);
  for (const status of doc?.errors ?? []) statuses.add(status);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

function successResponse(response: ResponseDoc): Json {
  const out: Json = { description: response.description };
  if ('headers' in response && response.headers) {
    out.headers = Object.fromEntries(Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]));
  }
  if ('schema' in response) {
    const schema = refOrInline(response.schema);
    out.content = { 'application/json': { schema: response.array ? { type: 'array', items: schema } : schema } };
  } else if ('summary' in response) {
    const object = { type: 'object', description: response.summary };
    out.content = { 'application/json': { schema: response.array ? { type: 'array', items: object } : object } };
  } else if ('media' in response) {
    out.content = {
      [response.media]: { schema: response.media === 'text/event-stream' ? { type: 'string' } : { type: 'string', contentMediaType: response.media } },
    };
  }
  return out;
}

function refOrInline(schema: z.ZodType): Json {
  const id = responseSchemas.get(schema)?.id;
  return id ? { $ref: `#/components/schemas/${id}` } : jsonSchema(schema, 'output');
}

function parametersOf(schema: z.ZodObject<z.ZodRawShape> | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, Json>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    const parameter: Json = { name, in: where, required: where === 'path' || required.has(name), schema: rest };
    if (typeof description === 'string') parameter.description = description;
    return parameter;
  });
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  return clean(z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as Json);
}

/** Drops what belongs to a standalone JSON Schema document, not to a schema inside OpenAPI. */
function clean(schema: Json): Json {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function errorSchema(): Json {
  return { type: 'object', properties: { detail: { type: 'string', description: 'What went wrong, in words' } }, required: ['detail'] };
}

function errorResponse(description: string): Json {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

function errorResponseName(status: number): string {
  return `Error${status}`;
}

function operationId(method: Method, pattern: string): string {
  const words = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : '')));
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}
