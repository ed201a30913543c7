// The one wrapper every route handler uses: authenticate, check the role,
// validate path/query/body with zod, call the domain, map errors to
// status + {detail}. Handlers stay a few lines long.
import crypto from 'node:crypto';
import { z } from 'zod';
import { ApiError, badRequest, forbidden, unauthorized, toErrorResponse } from './errors';
import { bearerToken, describeAccepted, principalFromToken, sessionPrincipal, type Principal } from '../auth/principal';
import { currentSessionIdentity } from '../auth/session';
import { ACCEPTED_AUTH, mayReadReport, mayWrite, type PathFamily, type Report } from '../auth/roles';
import { parseQuery, parseBody, parseParams, describeIssues } from './parse';
import { isDraining, tracked } from '../server/shutdown';
import { assertJsonBody, assertSameOrigin, changesState } from './same-origin';
import { attachContract } from './contract';
import { enforceRateLimit } from './enforce-limit';
import { perCredential, type RateLimitPolicy } from './limit-policy';
import { recordRequest } from '../observability/request-log';

const MAX_BODY_BYTES = 1_000_000;
const NO_QUERY = z.object({});

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

type RouteConfig<P extends ObjectSchema | undefined, Q extends ObjectSchema | undefined, B extends z.ZodType | undefined> = {
  /** Which credentials are accepted; `public` needs none. */
  family: PathFamily | 'public';
  /** Report endpoints: the spec's role matrix applies. */
  report?: Report;
  /** Changes data: a VIEWER (session or user token) is refused. */
  write?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** Whose bucket a request counts against: by default its credential (API_RATE_LIMIT_*) on authenticated routes, none on public ones. */
  rateLimit?: RateLimitPolicy | false;
};

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteContext<P, Q, B> = {
  request: Request;
  requestId: string;
  principal: Principal;
  params: P;
  query: Q;
  body: B;
};

type NextContext = { params: Promise<Record<string, string | string[]>> };

export function route<
  P extends ObjectSchema | undefined = undefined,
  Q extends ObjectSchema | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(config: RouteConfig<P, Q, B>, handler: (ctx: RouteContext<Infer<P>, Infer<Q>, Infer<B>>) => Promise<unknown>) {
  // The config stays readable on the handler: the OpenAPI document is built from it (lib/openapi).
  return attachContract((request: Request, context?: NextContext): Promise<Response> => tracked(() => handle(request, context)), config);

  async function handle(request: Request, context?: NextContext): Promise<Response> {
    const requestId = requestIdOf(request);
    const startedAt = performance.now();
    const rawParams = (await context?.params) ?? {};
    let principal: Principal | null = null;
    let limitHeaders: Record<string, string> = {};
    let body: unknown;
    let response: Response;
    let failure: unknown;
    try {
      if (isDraining()) throw new ApiError('service_unavailable', 'The server is restarting; try again in a moment', { 'retry-after': '5' });
      principal = config.family === 'public' ? anonymous() : await authenticate(request, config.family);
      const policy = config.rateLimit ?? (config.family === 'public' ? false : perCredential);
      if (policy) limitHeaders = await enforceRateLimit(policy, { request, principal, params: rawParams });
      // The session cookie is sent by the browser on any site's request: writes must come from our pages.
      if (config.family !== 'public' && principal.mode === 'session' && changesState(request)) {
        assertSameOrigin(request);
        if (config.body) assertJsonBody(request);
      }
      authorize(principal, config);
      const params = config.params ? parseParams(config.params, rawParams) : undefined;
      // A route without a query contract takes no parameters: any is unknown (400).
      const query = parseQuery(config.query ?? NO_QUERY, new URL(request.url).searchParams);
      body = config.body ? validate(config.body, await parseBody(request, MAX_BODY_BYTES)) : undefined;
      const result = await handler({ request, requestId, principal, params, query: config.query ? query : undefined, body } as RouteContext<
        Infer<P>,
        Infer<Q>,
        Infer<B>
      >);
      response = result instanceof Response ? result : Response.json(result);
      response.headers.set('x-request-id', requestId);
    } catch (error) {
      failure = error;
      response = toErrorResponse(error, requestId);
    }
    for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
    recordRequest({ request, requestId, params: rawParams, principal, status: response.status, startedAt, error: failure, body });
    return response;
  }
}

function requestIdOf(request: Request): string {
  const incoming = request.headers.get('x-request-id');
  return incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
}

function anonymous(): Principal {
  return { mode: 'session', organizationId: 0, organizationName: '', projectId: null, userId: null, email: null, name: null, role: null, apiKeyId: null };
}

async function authenticate(request: Request, family: PathFamily): Promise<Principal> {
  const accepted = ACCEPTED_AUTH[family];
  const token = bearerToken(request);
  if (token) return principalFromToken(token, accepted);
  const identity = await currentSessionIdentity();
  if (!identity) throw unauthorized(`Missing Authorization header: this endpoint needs ${describeAccepted(accepted.filter((m) => m !== 'session'))}`);
  const projectHeader = request.headers.get('x-project-id');
  const projectId = projectHeader && /^\d{1,9}$/.test(projectHeader) ? Number(projectHeader) : null;
  return sessionPrincipal(identity.userId, identity.organizationId, projectId);
}

function authorize(principal: Principal, config: { report?: Report; write?: boolean }): void {
  if (!principal.role) return; // API keys and project tokens act for their project
  if (config.report && !mayReadReport(principal.role, config.report)) {
    throw forbidden(`The ${principal.role} role has no access to ${config.report}`);
  }
  if (config.write && !mayWrite(principal.role)) throw forbidden(`The ${principal.role} role cannot change data`);
}

function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssues(result.error));
  return result.data;
}

export { ApiError };
