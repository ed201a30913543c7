// What a PDF's compressed streams inflate to, counted before pdf.js reads it.
//
// pdf.js inflates a stream into one growing buffer outside the JavaScript heap,
// so a parse thread's memory limit does not hold it: a 1 MB PDF whose page
// content inflates to 1 GB of spaces took the server to 2.3 GB of memory for
// 12 s before failing with "no text". Here every zlib stream of the file is
// inflated with a hard cap on the total output, and the file is refused past
// it, as a ZIP archive is (zip-guard.ts).
//
// The stream dictionaries are not believed: a stream is inflated from just
// after each `stream` keyword to the end of zlib's own data (zlib knows where
// its stream ends, whatever /Length or a fake `endstream` inside the data say),
// whatever its /Filter claims, images included (a dictionary that says /Image
// does not stop pdf.js from reading the stream as a page's content when a page
// points to it). Bytes that are not zlib fail its two-byte header check at once.
import zlib from 'node:zlib';
import { refuse } from '../errors';

const STREAM = Buffer.from('stream');
/** A filter chain may repeat FlateDecode; each layer's output is inflated again, this many layers deep. */
const MAX_LAYERS = 4;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Refuses the file when its zlib streams inflate to more than `maxInflatedBytes` in all. */
export async function assertPdfInflatesWithin(bytes: Buffer, maxInflatedBytes: number): Promise<void> {
  let total = 0;
  let from = 0;
  for (;;) {
    const keyword = bytes.indexOf(STREAM, from);
    if (keyword < 0) return;
    from = keyword + STREAM.length;
    const start = dataStart(bytes, keyword);
    if (start < 0) continue;
    let input = bytes.subarray(start);
    for (let layer = 0; layer < MAX_LAYERS && looksLikeZlib(input); layer++) {
      const inflated = await inflateWithin(input, maxInflatedBytes - total, layer + 1 < MAX_LAYERS);
      if (!inflated) throw refuse(`The PDF's compressed streams inflate to more than the ${mb(maxInflatedBytes)} limit (a decompression bomb)`);
      total += inflated.size;
      // The search goes on after this stream's compressed bytes, not inside them.
      if (layer === 0) from = start + Math.max(1, inflated.consumed);
      if (!inflated.output) break;
      input = inflated.output;
    }
  }
}

/** A zlib header: deflate (method 8), a window of at most 32 KB, and the header's check bits. */
function looksLikeZlib(input: Buffer): boolean {
  if (input.length < 2) return false;
  const [cmf, flg] = [input[0], input[1]];
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0;
}

type Inflated = { size: number; consumed: number; output: Buffer | null };

/**
 * How many bytes the zlib stream at the start of `input` inflates to, and how many input bytes it took; null
 * past `room`. Inflated as a stream, so damaged data counts what it gave before the damage (pdf.js keeps that
 * much too), and nothing is held unless `keep` asks for the output (to inflate a filter chain's next layer).
 */
function inflateWithin(input: Buffer, room: number, keep: boolean): Promise<Inflated | null> {
  return new Promise((resolve) => {
    const inflate = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: Inflated | null) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(result);
    };
    const done = () => {
      const output = keep && chunks.length ? Buffer.concat(chunks) : null;
      settle({ size, consumed: inflate.bytesWritten, output: output && looksLikeZlib(output) ? output : null });
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > room) return settle(null);
      // Only a chain's next layer is kept, and it starts with a zlib header.
      if (keep && (chunks.length || looksLikeZlib(chunk))) chunks.push(chunk);
    });
    inflate.on('end', done);
    inflate.on('error', done);
    inflate.end(input);
  });
}

/** Where a stream's data begins: after `stream` and its end of line; -1 for `endstream` or the word in other text. */
function dataStart(bytes: Buffer, keyword: number): number {
  if (keyword >= 3 && bytes.toString('latin1', keyword - 3, keyword) === 'end') return -1;
  let at = keyword + STREAM.length;
  if (bytes[at] === 0x0d) at++;
  if (bytes[at] === 0x0a) at++;
  return at === keyword + STREAM.length ? -1 : at;
}
