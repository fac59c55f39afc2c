import type { ErrorCode } from '../../shared/api-error.js';
import type { OidcSignInOption } from '../../shared/sign-in-handoff.js';
import { apiRequest, readApiError, requestLimits } from './http-client.js';

/**
 * What `GET /api/check` says about a stored token; only 401 and 403 reject it
 * (docs/interface.md#startup-and-signing-in).
 */
export type TokenCheck = { valid: true; email: string } | { valid: false };

export async function checkToken(token: string): Promise<TokenCheck> {
  const response = await apiRequest('/api/check', { token });
  if (response.status === 401 || response.status === 403) return { valid: false };
  const data: unknown = response.ok ? await response.json().catch(() => null) : null;
  const email = (data as { email?: unknown } | null)?.email;
  return { valid: true, email: typeof email === 'string' ? email : '' };
}

/**
 * A login or sign-up the server refused; `code` says why (the client branches on it, never on
 * the text), `serverText` is its `error`.
 */
export class CredentialsRejectedError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly serverText: string | undefined;
  /** From `Retry-After`, when the server said how long to wait (429, 503). */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    status: number,
    code: string | undefined,
    serverText: string | undefined,
    retryAfterSeconds?: number,
  ) {
    super(serverText ?? `Request refused (${status})`);
    this.name = 'CredentialsRejectedError';
    this.status = status;
    this.code = code as ErrorCode | undefined;
    this.serverText = serverText;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

async function tokenFrom(path: string, body: Record<string, string>): Promise<string> {
  const response = await apiRequest(path, { method: 'POST', token: '', body });
  if (!response.ok) {
    const { error, code } = await readApiError(response);
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    throw new CredentialsRejectedError(
      response.status,
      code,
      error,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return (await response.text()).trim();
}

/** `POST /api/login` → the session token as plain text; `totp` when the account asks for it. */
export function logIn(username: string, password: string, totp?: string): Promise<string> {
  return tokenFrom(
    '/api/login',
    totp === undefined ? { username, password } : { username, password, totp },
  );
}

/**
 * `POST /api/login/unlock`: the password and a recovery code lift a second-factor lock put on
 * by too many wrong codes, and sign in (the session token as plain text).
 */
export function unlockSecondFactor(
  username: string,
  password: string,
  recoveryCode: string,
): Promise<string> {
  return tokenFrom('/api/login/unlock', { username, password, recoveryCode });
}

/**
 * `POST /api/login/code`: spends a single-use sign-in code (a CLI link's, or without one the
 * code the provider's sign-in left in a cookie) for a session token as plain text.
 */
export function redeemSignInCode(code?: string): Promise<string> {
  return tokenFrom('/api/login/code', code === undefined ? {} : { code });
}

/** `POST /api/signup` → 201 with the session token as plain text. */
export function signUp(username: string, password: string): Promise<string> {
  return tokenFrom('/api/signup', { username, password });
}

/** `POST /api/logout` revokes the session (204); any answer ends it on this side anyway. */
export async function logOut(token: string): Promise<void> {
  await apiRequest('/api/logout', { method: 'POST', token });
}

/** What the log-in screen needs to know about making accounts. */
export interface SignupState {
  /** `POST /api/signup` is accepted now: the screen may offer "Create account". */
  open: boolean;
  /** No account exists on this server yet. */
  firstRun: boolean;
  /** False with OIDC_ONLY: no password form; absent means true. */
  passwordSignIn?: boolean;
  /** The single sign-on button, when the server has one. */
  oidc?: OidcSignInOption;
}

const SIGNUP_CLOSED: SignupState = { open: false, firstRun: false };

function oidcOption(value: unknown): OidcSignInOption | undefined {
  const { buttonLabel, startPath } = (value ?? {}) as Record<string, unknown>;
  if (typeof buttonLabel !== 'string' || typeof startPath !== 'string') return undefined;
  return startPath.startsWith('/api/') ? { buttonLabel, startPath } : undefined;
}

/** `GET /api/config`: whether sign-up is open and whether this is the server's first run. */
export async function fetchSignup(): Promise<SignupState> {
  try {
    const response = await apiRequest('/api/config', { token: '' });
    if (!response.ok) return SIGNUP_CLOSED;
    const data: unknown = await response.json();
    const { signupOpen, firstRun, maxNoteBytes, passwordSignIn, oidc } = (data ?? {}) as Record<
      string,
      unknown
    >;
    if (typeof maxNoteBytes === 'number') requestLimits.maxBodyBytes = maxNoteBytes;
    return {
      open: signupOpen === true,
      firstRun: firstRun === true,
      passwordSignIn: passwordSignIn !== false,
      oidc: oidcOption(oidc),
    };
  } catch {
    return SIGNUP_CLOSED;
  }
}
