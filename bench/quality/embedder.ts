// A stand-in embeddings provider for the benchmark, speaking the real
// OpenAI wire format (POST /v1/embeddings, {model, input[]} → {data:
// [{embedding, index}], usage}). No model weights can be had here, so the
// vectors are hashed character trigrams of each content word (384
// dimensions, signed): near for words sharing pieces ("checkpoint" /
// "checkpoints", "pg_dump" / "pgdump"), blind to meaning. It measures the
// hybrid path end to end (import, storage, nearest-passage search, fusion)
// and what sub-word similarity adds; a real model would add meaning.
import { isStopWord, words } from '../../lib/text/words';
import { fnv1a, startEmbeddingsServer } from '../../tests/helpers/embeddings-server';

const DIMENSIONS = 384;

export function trigramEmbedding(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of words(text)) {
    if (isStopWord(word)) continue;
    const padded = `#${word}#`;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const h = fnv1a(padded.slice(i, i + 3));
      vector[h % DIMENSIONS] += h & 0x8000_0000 ? -1 : 1;
    }
  }
  return vector;
}

/** The wire format is the tests' fake provider's (tests/helpers/embeddings-server.ts); only the vectors are the benchmark's. */
export function startEmbedder(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  return startEmbeddingsServer(trigramEmbedding);
}
