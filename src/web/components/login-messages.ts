import { NetworkError } from '../api/http-client.js';
import { CredentialsRejectedError } from '../api/session-api.js';

export type CredentialsMode = 'login' | 'signup' | 'totp' | 'unlock';

export const SECOND_FACTOR_LOCKED =
  'Two-factor sign-in is locked after too many wrong codes. Enter one of your recovery codes to unlock it.';

/** "8 seconds", "1 minute", "3 minutes": how long a Retry-After asks to wait, rounded up. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The short line the Log In / Create account form shows for a failed submit, by error code. */
export function credentialsErrorMessage(error: unknown, mode: CredentialsMode): string {
  if (error instanceof NetworkError) return 'Cannot reach the server. Please try again.';
  if (error instanceof CredentialsRejectedError) {
    const wait = error.retryAfterSeconds;
    switch (error.code) {
      case 'rate_limited':
        if (wait === undefined) return 'Too many attempts. Please wait a minute and try again.';
        return mode === 'totp'
          ? `Too many wrong codes. Try again in ${waitText(wait)}.`
          : `Too many attempts. Try again in ${waitText(wait)}.`;
      case 'unavailable':
        return `The server is busy. Please try again in ${waitText(wait ?? 5)}.`;
      case 'second_factor_locked':
        return SECOND_FACTOR_LOCKED;
      case 'invalid_totp':
        if (mode === 'unlock') return 'That recovery code is not right, or was used already.';
        return 'That code is not right, or was used already. Try the next one.';
      case 'conflict':
        return 'An account with this email already exists';
      case 'forbidden':
        return mode === 'signup' ? 'Sign-up is closed on this server' : 'Wrong email or password';
      case 'invalid_input':
        if (mode === 'signup' && error.serverText) return error.serverText;
    }
    if (mode === 'signup') return 'Could not create the account. Please try again.';
    return 'Wrong email or password';
  }
  // The form's own check raises the spec's message; show it as it is.
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
