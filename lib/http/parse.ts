// Reading query strings and JSON bodies into plain values for zod, with a
// 400 that names the parameter for anything malformed or unknown.
import type { z } from 'zod';
import { ApiError, badRequest } from './errors';
import { firstXmlForbidden, withoutXmlForbidden } from '../text/xml-chars';

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
      const where = issue.path.map(String).join('.');
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** Query parameters into an object; an unknown or repeated name is a 400. */
export function parseQuery<S extends z.ZodObject<z.ZodRawShape>>(schema: S, params: URLSearchParams): z.infer<S> {
  const known = new Set(Object.keys(schema.shape));
  const raw: Record<string, string> = {};
  for (const [name, value] of params) {
    if (!known.has(name)) throw badRequest(`Unknown query parameter: ${name}`);
    if (name in raw) throw badRequest(`Query parameter ${name} is given more than once`);
    refuseForbidden(`Query parameter ${name}`, value);
    raw[name] = value;
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw badRequest(describeIssues(result.error));
  return result.data;
}

/** Path parameters (Next.js hands them over decoded: `%00` is a NUL) into an object, the same rules as a query. */
export function parseParams<S extends z.ZodObject<z.ZodRawShape>>(schema: S, params: Record<string, string | string[]>): z.infer<S> {
  for (const [name, value] of Object.entries(params)) {
    for (const part of Array.isArray(value) ? value : [value]) refuseForbidden(`Path parameter ${name}`, part);
  }
  const result = schema.safeParse(params);
  if (!result.success) throw badRequest(describeIssues(result.error));
  return result.data;
}

/**
 * NUL and other characters no text format carries are refused before they
 * reach a query: a NUL was a 500 from FTS5 (in a query string) and from
 * PostgreSQL, which cannot store it in text (in a path: a smartpage's slug,
 * a conversation id).
 */
function refuseForbidden(what: string, value: string): void {
  const forbidden = firstXmlForbidden(value);
  if (forbidden) throw badRequest(`${what} contains a character that is not allowed (${forbidden})`);
}

export async function parseBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readLimited(request, maxBytes);
  if (!text.trim()) throw badRequest('Request body must be a JSON object');
  try {
    // Strings are stored and later written into XML (.xlsx) and search
    // indexes: characters XML forbids are dropped here, once, for every body.
    return JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' ? withoutXmlForbidden(value) : value));
  } catch {
    throw badRequest('Malformed JSON body');
  }
}

const tooLarge = (maxBytes: number) => new ApiError('payload_too_large', `Request body is larger than ${maxBytes} bytes`);

/**
 * The body as text, counted while it arrives: a chunked body (no
 * Content-Length) is cut off at the limit instead of being buffered whole.
 */
async function readLimited(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest('Could not read the request body');
  }
  return Buffer.concat(chunks).toString('utf8');
}
