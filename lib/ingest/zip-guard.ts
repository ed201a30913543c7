// Reads a ZIP's central directory before any parser sees the archive
// (DOCX and XLSX are ZIPs): too many entries, declared sizes that add up
// past the limit, or entries that inflate beyond what they declare are
// refused. Inflation is checked for real with a hard output cap, so a
// lying header cannot slip a bomb through.
import zlib from 'node:zlib';
import { refuse } from './errors';

export type ZipLimits = { maxEntries: number; maxUnzippedBytes: number };
export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL;
}

/** The entries of the archive's central directory (no inflation). */
export function readZipDirectory(bytes: Buffer): ZipEntry[] {
  const eocd = findEocd(bytes);
  const count = bytes.readUInt16LE(eocd + 10);
  const dirOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff) throw refuse('The archive uses ZIP64, which is not accepted for documents');
  const entries: ZipEntry[] = [];
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw refuse('The file is a corrupt ZIP archive (bad central directory)');
    const nameLength = bytes.readUInt16LE(at + 28);
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

function findEocd(bytes: Buffer): number {
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= stop; at--) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  throw refuse('The file is a corrupt ZIP archive (no end of central directory)');
}

/** Throws a readable refusal for a ZIP bomb; returns the entry names otherwise. */
export function guardZip(bytes: Buffer, limits: ZipLimits): Set<string> {
  const entries = readZipDirectory(bytes);
  if (entries.length > limits.maxEntries) throw refuse(`The archive has ${entries.length} entries, over the limit of ${limits.maxEntries}`);
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxUnzippedBytes)
    throw refuse(`The archive declares ${mb(declared)} of uncompressed data, over the ${mb(limits.maxUnzippedBytes)} limit`);
  for (const entry of entries) checkEntry(bytes, entry);
  return new Set(entries.map((e) => e.name));
}

function checkEntry(bytes: Buffer, entry: ZipEntry): void {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw refuse(`The file is a corrupt ZIP archive (entry ${entry.name})`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw refuse(`The file is a corrupt ZIP archive (entry ${entry.name} is truncated)`);
  if (entry.method === 0) {
    if (entry.size !== entry.compressedSize) throw refuse(`The file is a corrupt ZIP archive (entry ${entry.name})`);
    return;
  }
  if (entry.method !== 8) throw refuse(`The archive uses an unsupported compression method (${entry.method}) for ${entry.name}`);
  let inflated: Buffer;
  try {
    inflated = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) + 1 });
  } catch (error) {
    if (error instanceof RangeError || (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw refuse(`The archive entry ${entry.name} inflates to more than the ${entry.size} bytes it declares (a ZIP bomb)`);
    }
    throw refuse(`The file is a corrupt ZIP archive (entry ${entry.name} does not inflate)`);
  }
  if (inflated.length !== entry.size) throw refuse(`The archive entry ${entry.name} inflates to more than the ${entry.size} bytes it declares (a ZIP bomb)`);
}
