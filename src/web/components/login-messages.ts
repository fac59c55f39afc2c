import { NetworkError } from '../api/http-client.js';
import { CredentialsRejectedError } from '../api/session-api.js';

export type CredentialsMode = 'login' | 'signup';

/** The short line the Log In / Create account form shows for a failed submit. */
export function credentialsErrorMessage(error: unknown, mode: CredentialsMode): string {
  if (error instanceof NetworkError) return 'Cannot reach the server. Please try again.';
  if (error instanceof CredentialsRejectedError) {
    if (error.status === 429) return 'Too many attempts. Please wait a minute and try again.';
    if (mode === 'login') return 'Wrong email or password';
    if (error.status === 409) return 'An account with this email already exists';
    if (error.status === 403) return 'Sign-up is closed on this server';
    if (error.status === 400 && error.serverText) return error.serverText;
    return 'Could not create the account. Please try again.';
  }
  // The form's own check raises the spec's message; show it as it is.
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
