// Vectors as stored: little-endian float32 bytes (a SQLite BLOB, a
// PostgreSQL BYTEA; the layout sqlite-vec reads). Vectors are normalised to
// unit length before they are stored or compared, so cosine similarity is
// a plain dot product.
export function normalise(vector: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += vector[i] * vector[i];
  norm = Math.sqrt(norm);
  if (norm === 0) return vector;
  const out = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = vector[i] / norm;
  return out;
}

export function toBytes(vector: Float32Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i], true);
  return bytes;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function fromBytes(bytes: Uint8Array): Float32Array {
  const count = bytes.byteLength >>> 2;
  // The common case: read the bytes as floats directly (a copy only when unaligned).
  if (LITTLE_ENDIAN)
    return bytes.byteOffset % 4 === 0 ? new Float32Array(bytes.buffer, bytes.byteOffset, count) : new Float32Array(bytes.slice(0, count * 4).buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** Dot product of two unit vectors = their cosine similarity (0 when the lengths differ). */
export function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}
