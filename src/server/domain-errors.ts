import type { ErrorCode } from '../shared/api-error.js';

/**
 * What can go wrong in Quire's own terms. Services throw these with a code from the shared
 * table; `http/error-handler.ts` is the one place that turns them into HTTP answers.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const invalidInput = (message: string) => new DomainError('invalid_input', message);
export const unauthorized = (message = 'Not signed in') => new DomainError('unauthorized', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const missingHistory = () =>
  new DomainError(
    'missing_history',
    'The update builds on text this server does not hold; send the whole document',
  );
export const tooManyRequests = (message: string) => new DomainError('rate_limited', message);

/**
 * Not now: too many attempts (`rate_limited`), or the server is too busy (`unavailable`). The
 * answer says in `Retry-After` when to try again.
 */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code: 'rate_limited' | 'unavailable' = 'rate_limited',
  ) {
    super(code, message);
  }
}

export const totpRequired = () =>
  new DomainError('totp_required', 'Enter the code from your authenticator app');
export const invalidTotp = (message = 'The code is not valid') =>
  new DomainError('invalid_totp', message);
export const wrongPassword = () => new DomainError('wrong_password', 'The password is not right');
export const secondFactorLocked = () =>
  new DomainError(
    'second_factor_locked',
    'Two-factor sign-in is locked after too many wrong codes; unlock it with your password and a recovery code',
  );
