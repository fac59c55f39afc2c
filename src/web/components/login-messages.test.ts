import { describe, expect, it } from 'vitest';
import { NetworkError } from '../api/http-client.js';
import { CredentialsRejectedError } from '../api/session-api.js';
import { MISSING_CREDENTIALS } from '../session/credentials.js';
import { credentialsErrorMessage } from './login-messages.js';

const CODES: Record<number, string> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  409: 'conflict',
  429: 'rate_limited',
};
const rejected = (status: number, text?: string, code = CODES[status]) =>
  new CredentialsRejectedError(status, code, text);

describe('credentialsErrorMessage', () => {
  it('says wrong email or password for any refused login', () => {
    expect(credentialsErrorMessage(rejected(401), 'login')).toBe('Wrong email or password');
    expect(credentialsErrorMessage(rejected(400), 'login')).toBe('Wrong email or password');
  });

  it('explains a refused sign-up', () => {
    expect(credentialsErrorMessage(rejected(409), 'signup')).toBe(
      'An account with this email already exists',
    );
    expect(credentialsErrorMessage(rejected(400, 'Password is too short'), 'signup')).toBe(
      'Password is too short',
    );
    expect(credentialsErrorMessage(rejected(403), 'signup')).toMatch(/closed/);
  });

  it('branches on the code, not the text', () => {
    expect(credentialsErrorMessage(rejected(401, 'whatever', 'invalid_totp'), 'totp')).toMatch(
      /code is not right/,
    );
    expect(credentialsErrorMessage(rejected(400, 'Too many attempts'), 'login')).toBe(
      'Wrong email or password',
    );
  });

  it('covers rate limits, the network and the missing-field error', () => {
    expect(credentialsErrorMessage(rejected(429), 'login')).toMatch(/Too many attempts/);
    expect(credentialsErrorMessage(new NetworkError(null), 'login')).toMatch(/Cannot reach/);
    expect(credentialsErrorMessage(new Error(MISSING_CREDENTIALS), 'login')).toBe(
      MISSING_CREDENTIALS,
    );
  });
});
