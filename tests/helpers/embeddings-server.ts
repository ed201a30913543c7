// A fake OpenAI-compatible embeddings provider on 127.0.0.1 that speaks the
// real wire format (POST /v1/embeddings, {model, input: string[]} →
// {object:'list', data:[{object:'embedding', embedding, index}], model, usage}).
// Vectors are deterministic: a signed, hashed bag of words in 64 dimensions,
// where words are first mapped to a concept (CONCEPTS), so a paraphrase that
// shares no word with a passage still lands near it, as a real model would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const DIMENSIONS = 64;

const CONCEPTS: Record<string, string> = {
  irrigate: 'water',
  irrigating: 'water',
  watering: 'water',
  water: 'water',
  sprinkling: 'water',
  hydrate: 'water',
  seedling: 'plant',
  seedlings: 'plant',
  plants: 'plant',
  plant: 'plant',
  sprouts: 'plant',
  vegetable: 'tomato',
  vegetables: 'tomato',
  tomato: 'tomato',
  tomatoes: 'tomato',
  cucumber: 'tomato',
  cucumbers: 'tomato',
  frequently: 'often',
  often: 'often',
  twice: 'often',
  week: 'often',
  weekly: 'often',
};
const STOP = new Set(['a', 'an', 'the', 'to', 'of', 'and', 'or', 'in', 'on', 'my', 'i', 'how', 'should', 'do', 'for', 'it', 'is', 'with', 'leaves']);

/** FNV-1a of a piece of text: its slot (the hash modulo the dimensions) and sign (the top bit) in a hashed vector. */
export function fnv1a(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!raw || STOP.has(raw)) continue;
    const word = CONCEPTS[raw] ?? raw;
    const h = fnv1a(word);
    vector[h % DIMENSIONS] += h & 0x8000_0000 ? -1 : 1;
  }
  return vector;
}

export type EmbeddingsServer = {
  baseUrl: string;
  requests: { model: string; input: string[]; authorization: string | undefined }[];
  /** 'ok' answers; 'error' answers HTTP 500; 'slow' never answers (time-out). */
  mode: 'ok' | 'error' | 'slow';
  close(): Promise<void>;
};

/** Serves embeddings on a free port of 127.0.0.1; `embed` makes each vector (the benchmark passes its own). */
export async function startEmbeddingsServer(embed: (text: string) => number[] = fakeEmbedding): Promise<EmbeddingsServer> {
  const state: EmbeddingsServer = { baseUrl: '', requests: [], mode: 'ok', close: async () => undefined };
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') return void res.writeHead(404).end();
    if (state.mode === 'slow') return; // hold the request open
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string[] };
    state.requests.push({ model: body.model, input: body.input, authorization: req.headers.authorization });
    if (state.mode === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: { message: 'model not loaded', type: 'server_error' } }));
    }
    // Reversed on purpose: clients must place vectors by `index`, not by position.
    const data = body.input.map((text, index) => ({ object: 'embedding', embedding: embed(text), index })).reverse();
    const tokens = body.input.reduce((sum, t) => sum + t.split(/\s+/).length, 0);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}
