import { NetworkError } from '../api/http-client.js';
import { CredentialsRejectedError } from '../api/session-api.js';

export type CredentialsMode = 'login' | 'signup' | 'totp';

/** The short line the Log In / Create account form shows for a failed submit, by error code. */
export function credentialsErrorMessage(error: unknown, mode: CredentialsMode): string {
  if (error instanceof NetworkError) return 'Cannot reach the server. Please try again.';
  if (error instanceof CredentialsRejectedError) {
    switch (error.code) {
      case 'rate_limited':
        return 'Too many attempts. Please wait a minute and try again.';
      case 'invalid_totp':
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
