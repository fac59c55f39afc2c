import type { SignInFailure } from '../../shared/sign-in-handoff.js';
import { NetworkError } from '../api/http-client.js';
import { CredentialsRejectedError } from '../api/session-api.js';
import type { SignInProblem } from '../session/sign-in-handoff.js';

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
  // The form's own check raises the missing-field message; show it as it is
  // (docs/interface.md#the-log-in-form).
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

const SIGN_IN_FAILURE_MESSAGES: Record<SignInFailure, string> = {
  denied: 'Sign-in was cancelled at the provider.',
  not_allowed:
    'Your account at the provider is not allowed into this Quire server. Ask its administrator to let you in.',
  unverified_email:
    'Your provider has not verified your email address, so Quire cannot sign you in with it.',
  no_email: 'Your provider did not share an email address, which Quire needs for your account.',
  expired: 'The sign-in took too long or was started elsewhere. Please try again.',
  unavailable: 'The sign-in provider cannot be reached right now. Please try again later.',
  failed: 'Signing in through the provider did not work. Please try again.',
};

/**
 * What the Log In screen says when a sign-in handed over in the address brought no session:
 * single sign-on came back with a reason, or a sign-in code was refused.
 */
export function signInProblemMessage(problem: SignInProblem | undefined): string {
  if (problem === undefined) return '';
  if ('reason' in problem) return SIGN_IN_FAILURE_MESSAGES[problem.reason];
  const error = problem.codeRefused;
  if (error instanceof NetworkError) return 'Cannot reach the server. Please try again.';
  if (error instanceof CredentialsRejectedError && error.code === 'rate_limited') {
    return credentialsErrorMessage(error, 'login');
  }
  return 'This sign-in link has expired or was used already.';
}
