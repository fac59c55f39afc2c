/**
 * Every error code the API answers with, and its HTTP status. Clients branch on `code`, never on
 * the message, so a code once published keeps its meaning.
 */
export const ERROR_STATUS = {
  invalid_input: 400,
  unauthorized: 401,
  /** The password was right and the account has two-factor sign-in: send `totp` too. */
  totp_required: 401,
  /** A two-factor code (or recovery code) that is wrong, used already, or too old. */
  invalid_totp: 401,
  /**
   * Too many wrong two-factor codes: no code is accepted until the owner unlocks the account
   * with the password and a recovery code (`POST /api/login/unlock`) or `quire user unlock`.
   */
  second_factor_locked: 423,
  /** The password given to confirm an account change is wrong; the session stays valid. */
  wrong_password: 403,
  forbidden: 403,
  /** An API token used for what only a signed-in session may do: manage the account. */
  session_required: 403,
  /** An API token without the scope the call needs; the message names it. */
  scope_denied: 403,
  not_found: 404,
  /** A save to a note that is in the trash: restore it first, or save the text as a new note. */
  in_trash: 404,
  /** The request did not arrive in time. */
  timeout: 408,
  conflict: 409,
  /**
   * A save's document update builds on characters the server does not hold (the server was
   * restored from an older backup, say): send the whole document state instead.
   */
  missing_history: 409,
  too_large: 413,
  /** An attachment that would take the account past ATTACHMENT_QUOTA. */
  quota_exceeded: 413,
  unsupported_media_type: 415,
  /** A plain request to the live socket's path, which only speaks WebSocket. */
  upgrade_required: 426,
  /** An import file that is damaged, unsafe (e.g. a zip bomb) or in no format Quire reads. */
  unreadable_import: 422,
  rate_limited: 429,
  headers_too_large: 431,
  server_error: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every error the API answers with: a sentence for people and a stable code for programs. */
export interface ErrorResponse {
  error: string;
  code: ErrorCode;
}
