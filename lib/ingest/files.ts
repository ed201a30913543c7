// The original bytes of files uploaded from the computer, kept in the
// database (upload_files + upload_file_chunks, pieces of at most 1 MiB) so a
// re-parse after a parser upgrade needs no re-upload. The database rather
// than DATA_DIR: the bytes are written in the same transaction as the
// upload's records (a crash leaves both or neither, nothing to reconcile),
// every app instance's import workers share the queue and can read them
// (a DATA_DIR is per machine), and one backup holds everything. Pieces keep
// any single driver value small: PostgreSQL returns bytea as hex text, which
// would be a 40 MB string on the JavaScript heap for a whole 20 MB file.
import fs from 'node:fs';
import crypto from 'node:crypto';
import { db, type Tx } from '../db/client';
import { refuse } from './errors';

export const CHUNK_BYTES = 1024 * 1024;

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
  for (let position = 0; offset < file.size; position++) {
    const chunk = await db().uploadFileChunk.findUnique({ where: { fileId_position: { fileId: file.id, position } }, select: { bytes: true } });
    if (!chunk || offset + chunk.bytes.length > file.size) break;
    bytes.set(chunk.bytes, offset);
    hash.update(chunk.bytes);
    offset += chunk.bytes.length;
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
