import type { ImportSummary } from '../../shared/note-transfer.js';
import { NetworkError } from './http-client.js';

/** How far an upload has got, in bytes. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * Sends one file to `POST /api/import` as the request body. XMLHttpRequest, because fetch
 * cannot report upload progress. A refused file rejects with the server's message.
 */
export function uploadImport(
  token: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<ImportSummary> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/import?name=${encodeURIComponent(file.name)}`);
    request.setRequestHeader('token', token);
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.responseType = 'json';
    request.upload.onprogress = (event) => onProgress({ sent: event.loaded, total: event.total });
    request.onerror = () => reject(new NetworkError(new Error('upload failed')));
    request.onload = () => {
      const data = request.response as (ImportSummary & { error?: string }) | null;
      if (request.status === 200 && data) resolve(data);
      else reject(new Error(data?.error ?? `The server answered ${request.status}`));
    };
    request.send(file);
  });
}

/** Fetches `GET /api/export` and hands the zip to the browser as a download. */
export async function downloadExport(token: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/export', { headers: { token }, cache: 'no-store' });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw new Error(`The server answered ${response.status}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? 'quire-notes.zip';
  link.click();
  // The download has started by now; the object URL only needs to outlive this task.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
