// Reading query strings and JSON bodies into plain values for zod, with a
// 400 that names the parameter for anything malformed or unknown.
import { z } from 'zod';
import { ApiError, badRequest } from './errors';

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
    raw[name] = value;
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw badRequest(describeIssues(result.error));
  return result.data;
}

export async function parseBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new ApiError('payload_too_large', `Request body is larger than ${maxBytes} bytes`);
  let text: string;
  try {
    text = await request.text();
  } catch {
    throw badRequest('Could not read the request body');
  }
  if (Buffer.byteLength(text) > maxBytes) throw new ApiError('payload_too_large', `Request body is larger than ${maxBytes} bytes`);
  if (!text.trim()) throw badRequest('Request body must be a JSON object');
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
}
