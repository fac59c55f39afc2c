import { backoffDelay } from '../api/backoff.js';
import { referenceTo } from './attachment-reference.js';
import { forgetUpload, type KeptUpload, keepUpload } from './kept-uploads.js';
import { placeLateReference } from './late-references.js';
import { UploadRefused, uploadAttachment } from './upload-attachment.js';

const RETRY = { baseMs: 2_000, maxMs: 60_000 };

/**
 * Sends a file an earlier page kept (reloaded, crashed or closed before the file got there),
 * and puts its reference into its note. Without an answer it tries again, at once when the
 * browser comes online. A signed-out session leaves it kept for the next sign-in.
 */
export function resumeUpload(
  kept: KeptUpload,
  onRefused: (name: string, error: UploadRefused) => void,
): void {
  const { key, account: _account, owner: _owner, ...upload } = kept;
  keepUpload({ key, ...upload }); // this tab sends it now
  let attempt = 0;
  const send = (): void => {
    const options = { signal: new AbortController().signal, onProgress: () => {} };
    uploadAttachment(kept.file, kept.name, options).then(
      (attachment) => {
        forgetUpload(key);
        const reference = referenceTo(attachment) + (kept.ownLine ? '\n' : '');
        placeLateReference({ noteId: kept.noteId, reference, pos: kept.pos, before: kept.before });
      },
      (error: unknown) => {
        if (error instanceof UploadRefused) {
          if (error.code === 'unauthorized') return;
          forgetUpload(key);
          onRefused(kept.name, error);
          return;
        }
        const again = () => {
          clearTimeout(timer);
          window.removeEventListener('online', again);
          send();
        };
        const timer = setTimeout(again, backoffDelay(attempt++, RETRY));
        window.addEventListener('online', again, { once: true });
      },
    );
  };
  send();
}
