// multipart/form-data bodies written byte by byte, so tests control exactly
// what a hostile client sends (file names with NUL, '../', 5,000 characters),
// and calls of a route handler with them, as a whole body or as a stream.
import crypto from 'node:crypto';

export type Part = { field: string; value: string } | { field: string; fileName: string; bytes: Buffer | string; type?: string };

export function multipartBody(parts: Part[], boundary = `----ks${crypto.randomUUID().replace(/-/g, '')}`): { body: Buffer; contentType: string } {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    pieces.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      pieces.push(Buffer.from(`Content-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`, 'utf8'));
    } else {
      // The name goes in as UTF-8 bytes, quotes escaped the way browsers do; anything else raw.
      const name = part.fileName.replace(/"/g, '%22');
      pieces.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.field}"; filename="${name}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
          'utf8',
        ),
      );
      pieces.push(Buffer.isBuffer(part.bytes) ? part.bytes : Buffer.from(part.bytes, 'utf8'));
      pieces.push(Buffer.from('\r\n'));
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type SendOptions = {
  token?: string;
  headers?: Record<string, string>;
  /** Send the body as a stream without Content-Length (chunked), in pieces of this size. */
  chunked?: number;
  /** Make the stream fail after this many bytes (a client that went away mid-upload). */
  breakAfter?: number;
};

export async function sendMultipart<T = any>(
  handler: Handler,
  parts: Part[],
  options: SendOptions = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const { body, contentType } = multipartBody(parts);
  const headers = new Headers({ 'content-type': contentType, ...options.headers });
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let request: Request;
  if (options.chunked || options.breakAfter !== undefined) {
    const size = options.chunked ?? 64 * 1024;
    let offset = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (options.breakAfter !== undefined && offset >= options.breakAfter) return controller.error(new Error('client went away'));
        if (offset >= body.length) return controller.close();
        controller.enqueue(new Uint8Array(body.subarray(offset, offset + size)));
        offset += size;
      },
    });
    request = new Request('http://localhost/searcher/v1/upload/files', { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
  } else {
    headers.set('content-length', String(body.length));
    request = new Request('http://localhost/searcher/v1/upload/files', { method: 'POST', headers, body: new Uint8Array(body) });
  }
  const response = await handler(request, { params: Promise.resolve({}) });
  const text = await response.text();
  return {
    status: response.status,
    body: (text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text) as T,
    headers: response.headers,
  };
}
