// The original bytes of files uploaded from the computer, kept in the
// database (upload_files + upload_file_chunks, pieces of at most 1 MiB) so a
// re-parse after a parser upgrade needs no re-upload. The database rather
// than DATA_DIR: the bytes are written in the same transaction as the
// upload's records (a crash leaves both or neither, nothing to reconcile),
// every app instance's import workers share the queue and can read them
// (a DATA_DIR is per machine), and one backup holds everything. Pieces keep
// any single query small: Prisma passes a Bytes value through its query
// compiler as text, and PostgreSQL returns bytea as hex text. Measured on
// SQLite with a 256 MB heap, writing 60 MB in 1 MiB pieces left the process
// 130 MB larger for good (memory Prisma keeps after its biggest queries);
// in 128 KiB pieces 20–30 MB, at 2 s for 60 MB (docs/import.md).
import fs from 'node:fs';
import crypto from 'node:crypto';
import { db, type Tx } from '../db/client';
import { refuse } from './errors';

export const CHUNK_BYTES = 128 * 1024;
/** Pieces read per query: 1 MiB. */
const READ_BATCH = 8;

export type StoredFileInfo = { id: number; name: string; size: number; sha256: string };

/** Copies a spooled file into the database, piece by piece, inside the caller's transaction. */
export async function storeFile(tx: Tx, projectId: number, file: { spoolPath: string; name: string; size: number; sha256: string }): Promise<StoredFileInfo> {
  const row = await tx.uploadFile.create({ data: { projectId, name: file.name, size: file.size, sha256: file.sha256 }, select: { id: true } });
  const handle = await fs.promises.open(file.spoolPath, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let position = 0, offset = 0; offset < file.size; position++) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK_BYTES, file.size - offset), offset);
      if (bytesRead === 0) throw new Error(`Spooled file ended early at byte ${offset} of ${file.size}`);
      await tx.uploadFileChunk.create({ data: { fileId: row.id, position, bytes: new Uint8Array(buffer.subarray(0, bytesRead)) } });
      offset += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return { id: row.id, name: file.name, size: file.size, sha256: file.sha256 };
}

/** The whole original, checked against its SHA-256; an import error when it is gone or damaged. */
export async function readStoredFile(fileId: number | null): Promise<{ bytes: Buffer; name: string }> {
  const file = fileId === null ? null : await db().uploadFile.findUnique({ where: { id: fileId } });
  if (!file) throw refuse('The uploaded file is no longer stored: upload it again');
  const bytes = Buffer.allocUnsafe(file.size);
  const hash = crypto.createHash('sha256');
  let offset = 0;
  for (let from = 0; offset < file.size; from += READ_BATCH) {
    const chunks = await db().uploadFileChunk.findMany({
      where: { fileId: file.id, position: { gte: from, lt: from + READ_BATCH } },
      orderBy: { position: 'asc' },
      select: { position: true, bytes: true },
    });
    if (!chunks.length) break;
    for (const [i, chunk] of chunks.entries()) {
      if (chunk.position !== from + i || offset + chunk.bytes.length > file.size)
        throw refuse('The stored copy of the uploaded file is damaged: upload it again');
      bytes.set(chunk.bytes, offset);
      hash.update(chunk.bytes);
      offset += chunk.bytes.length;
    }
  }
  if (offset !== file.size || hash.digest('hex') !== file.sha256) throw refuse('The stored copy of the uploaded file is damaged: upload it again');
  return { bytes, name: file.name };
}

/** The original as a stream of its pieces (a download never holds the whole file). */
export function storedFileStream(fileId: number): ReadableStream<Uint8Array> {
  let position = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await db().uploadFileChunk.findUnique({ where: { fileId_position: { fileId, position } }, select: { bytes: true } });
      if (!chunk) return controller.close();
      position++;
      controller.enqueue(new Uint8Array(chunk.bytes));
    },
  });
}

/**
 * Deletes stored files nothing needs any more: no content was parsed from
 * them (any longer: a re-upload under the same name points its content at
 * the new file; a deleted content or dataset leaves its file behind) and
 * no item still waiting, running or failed (a retry would need it) refers
 * to them. One statement, so a file referred to in the meantime stays.
 */
export async function sweepUploadFiles(): Promise<number> {
  const removed = await db().$executeRaw`
    DELETE FROM upload_files
     WHERE NOT EXISTS (SELECT 1 FROM contents c WHERE c.file_id = upload_files.id)
       AND NOT EXISTS (SELECT 1 FROM upload_items i WHERE i.file_id = upload_files.id AND i.state <> 'done')`;
  return Number(removed);
}
