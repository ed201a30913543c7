// A fake OpenAI-compatible chat provider on 127.0.0.1 speaking the real wire
// format: POST <base>/chat/completions with {model, messages, stream?}
// answered with a chat.completion object, or server-sent chunks ending with
// `data: [DONE]` when stream is true. The first path segment picks a
// behaviour, so one server gives several base URLs:
//   /ok/v1     answers (the reply says which model was asked)
//   /fail/v1   HTTP 500 with an OpenAI-style error body
//   /slow/v1   never answers (time-outs)
//   /denied/v1 HTTP 401 unless the Authorization header carries `key`
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ChatServer = {
  /** http://127.0.0.1:<port> — add /ok/v1, /fail/v1, … */
  origin: string;
  requests: { path: string; model: string; stream: boolean; authorization: string | undefined }[];
  close(): Promise<void>;
};

export const REPLY = 'Refunds take five working days [1].';

function chunk(delta: Record<string, unknown>) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
}

export async function startChatServer(options: { key?: string } = {}): Promise<ChatServer> {
  const state: ChatServer = { origin: '', requests: [], close: async () => undefined };
  const sockets = new Set<Socket>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const piece of req) chunks.push(piece as Buffer);
    const [, mode, ...rest] = (req.url ?? '').split('/');
    if (req.method !== 'POST' || rest.join('/') !== 'v1/chat/completions')
      return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no such route"}}');
    let body: { model?: string; stream?: boolean } = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return void res.writeHead(400).end();
    }
    state.requests.push({ path: req.url ?? '', model: body.model ?? '', stream: Boolean(body.stream), authorization: req.headers.authorization });
    if (mode === 'slow') return; // hold the request open
    if (mode === 'fail') {
      res.writeHead(500, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
    }
    if (mode === 'denied' && req.headers.authorization !== `Bearer ${options.key}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }));
    }
    const usage = { prompt_tokens: 40, completion_tokens: 8, total_tokens: 48 };
    if (body.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: '' }));
      for (const word of REPLY.split(/(?<= )/)) res.write(chunk({ content: word }));
      res.write(`data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', choices: [], usage })}\n\n`);
      return void res.end('data: [DONE]\n\n');
    }
    const content = (body as { max_tokens?: number }).max_tokens === 5 ? 'OK' : REPLY;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage,
      }),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}
