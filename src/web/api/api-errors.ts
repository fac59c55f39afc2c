import { NetworkError } from './http-client.js';

/**
 * Message of the error raised when creating, updating or deleting a note fails
 * (docs/interface.md#errors-the-client-raises).
 */
export const NOTE_REQUEST_FAILED = 'oh no';

/**
 * A note call that failed; `status` is null when no answer came at all, `code` is the stable
 * error code of the JSON answer when there was one (e.g. `in_trash` or `not_found` on a 404).
 */
export class NoteRequestError extends Error {
  readonly status: number | null;
  readonly code: string | undefined;
  constructor(status: number | null, cause?: unknown, code?: string) {
    super(NOTE_REQUEST_FAILED, { cause });
    this.name = 'NoteRequestError';
    this.status = status;
    this.code = code;
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

/** A save found its note in the trash (404 `in_trash`), not gone for good. */
export function isInTrash(error: unknown): boolean {
  return error instanceof NoteRequestError && error.status === 404 && error.code === 'in_trash';
}

/** The note is gone for good, or was never this account's (any other 404). */
export function isGone(error: unknown): boolean {
  return error instanceof NoteRequestError && error.status === 404 && error.code !== 'in_trash';
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
