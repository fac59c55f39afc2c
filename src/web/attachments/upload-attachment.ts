import type { Attachment } from '../../shared/attachment.js';
import { browserTokenStorage } from '../session/token-storage.js';

/** An upload that got an answer other than 201: the server's sentence and code. */
export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

/** The upload never got an answer: offline, or the server could not be reached. */
export class UploadUnreachable extends Error {
  constructor() {
    super('No connection to the server');
    this.name = 'UploadUnreachable';
  }
}

/**
 * Sends one file to `POST /api/attachments`, telling its progress as a share of 1. It uses
 * XMLHttpRequest: fetch cannot tell how much of a body has been sent.
 */
export function uploadAttachment(
  file: Blob,
  name: string,
  options: { onProgress(share: number): void; signal: AbortSignal },
): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/attachments?name=${encodeURIComponent(name)}`);
    request.setRequestHeader('token', browserTokenStorage.read());
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let answer: { error?: string; code?: string } & Partial<Attachment> = {};
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        // not ours: said below in general words
      }
      if (request.status === 201) resolve(answer as Attachment);
      else
        reject(
          new UploadRefused(answer.error ?? `The server answered ${request.status}`, answer.code),
        );
    };
    request.onerror = () => reject(new UploadUnreachable());
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
