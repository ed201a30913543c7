'use client';
// Downloads a file from our API and hands it to the browser. Fetched (not a
// plain link) so the chosen project header goes with it and a refusal shows
// the server's {detail} instead of a broken download.
import { ApiClientError, apiHeaders, detailOf } from './client';
import { attachmentName } from '@/components/usage/params';

/** Saves the answer of `path` under the name its Content-Disposition gives (else `fallback`); returns that name. */
export async function downloadFile(path: string, fallback: string): Promise<string> {
  const response = await fetch(path, { headers: apiHeaders(), credentials: 'same-origin' });
  if (!response.ok) throw new ApiClientError(response.status, await detailOf(response, 'Download failed'));
  const name = attachmentName(response.headers.get('content-disposition'), fallback);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
