import { NetworkError } from './http-client.js';

/** Message of the error raised when creating, updating or deleting a note fails (spec §8). */
export const NOTE_REQUEST_FAILED = 'oh no';

/** A create, update or delete that failed; `status` is null when no answer came at all. */
export class NoteRequestError extends Error {
  readonly status: number | null;
  constructor(status: number | null, cause?: unknown) {
    super(NOTE_REQUEST_FAILED, { cause });
    this.name = 'NoteRequestError';
    this.status = status;
  }
}

/** The session is gone (401): the user has to log in again. */
export class SessionExpiredError extends Error {
  constructor() {
    super('The session has ended');
    this.name = 'SessionExpiredError';
  }
}

export function isSessionExpired(error: unknown): boolean {
  return (
    error instanceof SessionExpiredError ||
    (error instanceof NoteRequestError && error.status === 401)
  );
}

/** Worth trying again later: no answer, a server-side failure, a timeout or rate limit. */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof NoteRequestError) {
    const { status } = error;
    return status === null || status >= 500 || status === 408 || status === 429;
  }
  return false;
}
