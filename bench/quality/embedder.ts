// A stand-in embeddings provider for the benchmark, speaking the real
// OpenAI wire format (POST /v1/embeddings, {model, input[]} → {data:
// [{embedding, index}], usage}). No model weights can be had here, so the
// vectors are hashed character trigrams of each content word (384
// dimensions, signed): near for words sharing pieces ("checkpoint" /
// "checkpoints", "pg_dump" / "pgdump"), blind to meaning. It measures the
// hybrid path end to end (import, storage, nearest-passage search, fusion)
// and what sub-word similarity adds; a real model would add meaning.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isStopWord, words } from '../../lib/text/words';

const DIMENSIONS = 384;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function trigramEmbedding(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of words(text)) {
    if (isStopWord(word)) continue;
    const padded = `#${word}#`;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const h = hash(padded.slice(i, i + 3));
      vector[h % DIMENSIONS] += h & 0x8000_0000 ? -1 : 1;
    }
  }
  return vector;
}

export async function startEmbedder(): Promise<{ baseUrl: string; close: () => void }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') return void res.writeHead(404).end();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string[] };
    const data = body.input.map((text, index) => ({ object: 'embedding', embedding: trigramEmbedding(text), index }));
    const tokens = body.input.reduce((sum, t) => sum + t.split(/\s+/).length, 0);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, close: () => server.close() };
}
