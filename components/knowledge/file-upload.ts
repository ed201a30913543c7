// Uploading files from the computer (POST /searcher/v1/upload/files): the
// pure parts — checking files against the limits before sending, splitting
// many files into requests within those limits, per-file progress from one
// request's upload events, and plain-language messages for failures — and
// the XMLHttpRequest that sends a batch (fetch() has no upload progress).
import { apiHeaders } from '@/components/api/client';
import { formatBytes } from '@/lib/text/bytes';
import type { UploadLimits } from '@/lib/ingest/config';
import type { FileUploadAnswer } from '@/lib/ingest/file-uploads';

export type { UploadLimits, FileUploadAnswer };

/** What the browser knows of a chosen file. */
export type LocalFile = { name: string; size: number };

export { formatBytes };

/** Why a file cannot be sent at all, in plain words, or null. */
export function refusalOf(file: LocalFile, limits: UploadLimits): string | null {
  if (file.size === 0) return 'This file is empty.';
  if (file.size > limits.maxFileBytes) return `This file is ${formatBytes(file.size)}; a file may be at most ${formatBytes(limits.maxFileBytes)}.`;
  return null;
}

/** Room for the form fields and each part's headers, so a batch stays under the request limit. */
const FORM_OVERHEAD = 2048;
const PART_OVERHEAD = 512;

/** Files in order, grouped into requests of at most maxFiles files and maxRequestBytes bytes. */
export function batchesOf<T extends LocalFile>(files: T[], limits: UploadLimits): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = FORM_OVERHEAD;
  for (const file of files) {
    const size = file.size + PART_OVERHEAD;
    if (current.length && (current.length >= limits.maxFiles || bytes + size > limits.maxRequestBytes)) {
      batches.push(current);
      current = [];
      bytes = FORM_OVERHEAD;
    }
    current.push(file);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}

/**
 * How much of each file has been sent, 0..1, when `loaded` bytes of the
 * request body are. The files travel one after another in the body, so a
 * file is partly sent while `loaded` is inside its span.
 */
export function perFileProgress(files: LocalFile[], loaded: number, total: number): number[] {
  const payload = files.reduce((sum, f) => sum + f.size, 0);
  // The body's own overhead (fields, part headers) is spread evenly between the files.
  const overhead = Math.max(0, total - payload) / Math.max(1, files.length);
  let start = 0;
  return files.map((file) => {
    const span = file.size + overhead;
    const done = span === 0 ? 1 : Math.min(1, Math.max(0, (loaded - start) / span));
    start += span;
    return loaded >= total ? 1 : done;
  });
}

/** A failed request, in words a person can act on. */
export function uploadFailureMessage(status: number, detail: string | null): string {
  if (status === 0) return 'The upload was interrupted before it finished: check your connection and try again.';
  if (status === 401) return 'Your session has ended: sign in again, then upload the files again.';
  if (status === 403)
    return detail?.startsWith('Cross-site')
      ? 'The upload was refused because it did not come from this page: reload the page and try again.'
      : 'Your role cannot add files to this project: ask an editor, an admin or the owner.';
  if (status === 413) return detail ? `Too much at once: ${lowerFirst(detail)}.` : 'The files are too large to send at once.';
  if (status >= 500) return 'The server could not store the files: try again in a moment.';
  return detail ?? `The upload failed (${status}).`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export type SendResult = { ok: true; answer: FileUploadAnswer } | { ok: false; message: string };

/** Sends one batch; `onProgress` gets each file's share sent (0..1). */
export function sendFiles(
  files: File[],
  fields: { dataset_name: string; subject_name?: string; name?: string },
  onProgress: (perFile: number[]) => void,
  signal?: AbortSignal,
): Promise<SendResult> {
  const form = new FormData();
  form.append('dataset_name', fields.dataset_name);
  if (fields.subject_name?.trim()) form.append('subject_name', fields.subject_name.trim());
  if (fields.name?.trim()) form.append('name', fields.name.trim());
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/searcher/v1/upload/files');
    apiHeaders().forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(perFileProgress(files, event.loaded, event.total));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status === 200 && body && typeof body === 'object' && 'id' in body) {
        onProgress(files.map(() => 1));
        resolve({ ok: true, answer: body as FileUploadAnswer });
      } else {
        const detail = body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string' ? body.detail : null;
        resolve({ ok: false, message: uploadFailureMessage(xhr.status, detail) });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: uploadFailureMessage(0, null) });
    xhr.onabort = () => resolve({ ok: false, message: 'The upload was cancelled.' });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
