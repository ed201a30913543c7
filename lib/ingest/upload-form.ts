// Reads a multipart/form-data upload as it streams in, never holding a file
// in memory: each file part goes through a meter (size, SHA-256, its first
// bytes for sniffing) into a spool file with a random name under DATA_DIR,
// and the limits are checked while the bytes arrive — the declared
// Content-Length first, then every piece as it is read (a chunked body has
// none). Request.formData() is not used: it buffers the whole body (every
// file as an in-memory Blob) before any per-file limit can be applied.
// @fastify/busboy parses the parts. On any failure the spool files are
// removed before the error is thrown; on success the caller removes them
// (spooledCleanup) once they are stored.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { AppError, badRequest } from '../errors';
import { withoutXmlForbidden } from '../text/xml-chars';
import { cleanFileName } from './file-names';
import { formatBytes } from '../text/bytes';
import type { UploadLimits } from './config';

/** A file part written to the spool folder. `name` is the cleaned display name. */
export type SpooledFile = { spoolPath: string; name: string; size: number; sha256: string; head: Buffer };
export type UploadForm = { fields: Record<string, string>; files: SpooledFile[] };
export type FormShape = { fileField: string; textFields: readonly string[] };

/** Bytes kept from the start of each file for the first sniff (refusalOfHead). */
const HEAD_BYTES = 8192;
const MAX_FIELD_BYTES = 4096;

const tooLarge = (detail: string) => new AppError('payload_too_large', detail);

export async function readUploadForm(request: Request, shape: FormShape, limits: UploadLimits, spoolDir: string): Promise<UploadForm> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) {
    const got = contentType.split(';')[0].trim().slice(0, 100);
    throw new AppError('unsupported_media_type', `Content-Type must be multipart/form-data (got ${got || 'none'})`);
  }
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limits.maxRequestBytes) {
    throw tooLarge(`The request is ${formatBytes(Number(declared))}, over the ${formatBytes(limits.maxRequestBytes)} limit of one upload`);
  }
  if (!request.body) throw badRequest('The request has no body: send the files as multipart/form-data');
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { 'content-type': contentType },
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: shape.textFields.length,
        fieldSize: MAX_FIELD_BYTES,
        parts: limits.maxFiles + shape.textFields.length,
      },
    });
  } catch {
    throw badRequest('Malformed multipart/form-data header: the boundary is missing');
  }
  fs.mkdirSync(spoolDir, { recursive: true, mode: 0o700 });
  return new FormReader(parser, shape, limits, spoolDir).read(request.body);
}

/** Removes spool files (after they are stored, or when the request failed). */
export async function removeSpooled(files: SpooledFile[]): Promise<void> {
  await Promise.all(files.map((file) => fs.promises.rm(file.spoolPath, { force: true })));
}

/** Spool files older than an hour belong to requests that died with the process: removed. */
export async function sweepSpool(spoolDir: string, maxAgeMs = 60 * 60 * 1000): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(spoolDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(spoolDir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile() && Date.now() - stat.mtimeMs > maxAgeMs) {
      await fs.promises.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

class FormReader {
  private readonly fields: Record<string, string> = {};
  /** In the order the parts arrived; a slot is filled when its file is fully written. */
  private readonly files: (SpooledFile | null)[] = [];
  private readonly spoolPaths: string[] = [];
  private readonly writes: Promise<void>[] = [];
  private readonly closed: Promise<unknown>[] = [];
  private readonly failed = new AbortController();
  private failure: unknown = null;

  constructor(
    private readonly parser: BusboyInstance,
    private readonly shape: FormShape,
    private readonly limits: UploadLimits,
    private readonly spoolDir: string,
  ) {}

  async read(body: ReadableStream<Uint8Array>): Promise<UploadForm> {
    const { parser, limits } = this;
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => this.onField(name, value, valueTruncated));
    parser.on('file', (name, stream, fileName) => this.onFile(name, stream, fileName));
    parser.on('filesLimit', () => this.fail(tooLarge(`Too many files: one upload takes at most ${limits.maxFiles}`)));
    parser.on('fieldsLimit', () => this.fail(badRequest(`Too many form fields: the fields are ${this.describeFields()}`)));
    parser.on('partsLimit', () =>
      this.fail(tooLarge(`Too many parts: one upload takes at most ${limits.maxFiles} files and the fields ${this.describeFields()}`)),
    );
    parser.on('error', (error) =>
      this.fail(badRequest(`Malformed multipart/form-data body (${error instanceof Error ? error.message.slice(0, 200) : 'unreadable'})`)),
    );
    const finished = once(parser, 'finish', { signal: this.failed.signal });
    finished.catch(() => undefined);
    try {
      await this.pump(body);
      await finished;
      await Promise.all(this.writes);
      if (this.failure) throw this.failure;
      return { fields: this.fields, files: this.files.filter((f): f is SpooledFile => f !== null) };
    } catch (error) {
      this.fail(error);
      const reason = this.failure;
      parser.destroy();
      // Every spool file is closed before it is removed (one still opening would come back afterwards).
      await Promise.allSettled([...this.writes, ...this.closed]);
      await Promise.all(this.spoolPaths.map((file) => fs.promises.rm(file, { force: true })));
      throw reason instanceof AppError ? reason : badRequest('Could not read the request body');
    }
  }

  /** Feeds the body to the parser with back-pressure, counting every byte against the request limit. */
  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    let total = 0;
    try {
      for (;;) {
        if (this.failure) throw this.failure;
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > this.limits.maxRequestBytes) throw tooLarge(`The request is over the ${formatBytes(this.limits.maxRequestBytes)} limit of one upload`);
        if (!this.parser.write(value)) await once(this.parser, 'drain', { signal: this.failed.signal });
      }
      this.parser.end();
    } catch (error) {
      this.fail(error);
      await reader.cancel().catch(() => undefined);
      throw this.failure;
    }
  }

  private onField(name: string, value: string, truncated: boolean): void {
    if (name === this.shape.fileField) return this.fail(badRequest(`${name} must be sent as files (parts with a filename)`));
    if (!this.shape.textFields.includes(name)) return this.fail(badRequest(`Unknown field: ${name.slice(0, 100)}`));
    if (name in this.fields) return this.fail(badRequest(`Field ${name} is given more than once`));
    if (truncated) return this.fail(badRequest(`${name} is too long`));
    this.fields[name] = withoutXmlForbidden(value);
  }

  private onFile(field: string, stream: BusboyFileStream, rawName: string): void {
    if (this.failure || field !== this.shape.fileField) {
      stream.resume();
      if (!this.failure) this.fail(badRequest(`Unknown field: ${field.slice(0, 100)} (files go in the field ${this.shape.fileField})`));
      return;
    }
    const slot = this.files.push(null) - 1;
    const name = cleanFileName(rawName);
    // The spool file's name is random: the client's file name never reaches the file system.
    const spoolPath = path.join(this.spoolDir, `${crypto.randomUUID()}.part`);
    this.spoolPaths.push(spoolPath);
    const meter = new Meter();
    stream.on('limit', () => this.fail(tooLarge(`The file "${name}" is over the ${formatBytes(this.limits.maxFileBytes)} limit of one file`)));
    const out = fs.createWriteStream(spoolPath, { flags: 'wx', mode: 0o600 });
    this.closed.push(new Promise<void>((resolve) => out.once('close', () => resolve())));
    const write = pipeline(stream, meter, out, { signal: this.failed.signal })
      .then(() => {
        if (stream.truncated) return;
        this.files[slot] = { spoolPath, name, size: meter.size, sha256: meter.hash.digest('hex'), head: meter.headBytes() };
      })
      .catch((error: unknown) => {
        if (!this.failure) this.fail(error instanceof AppError ? error : badRequest('Could not store an uploaded file'));
      });
    this.writes.push(write);
  }

  private describeFields(): string {
    return [this.shape.fileField, ...this.shape.textFields].join(', ');
  }

  private fail(error: unknown): void {
    if (this.failure) return;
    this.failure = error;
    this.failed.abort(error);
  }
}

/** Passes bytes through, counting them, hashing them and keeping the first HEAD_BYTES. */
class Meter extends Transform {
  size = 0;
  readonly hash = crypto.createHash('sha256');
  private readonly head: Buffer[] = [];
  private headLength = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headLength < HEAD_BYTES) {
      const piece = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.head.push(Buffer.from(piece));
      this.headLength += piece.length;
    }
    done(null, chunk);
  }

  headBytes(): Buffer {
    return Buffer.concat(this.head);
  }
}
