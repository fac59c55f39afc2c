import { describe, expect, it } from 'vitest';
import { NetworkError } from '../api/http-client.js';
import { CredentialsRejectedError } from '../api/session-api.js';
import { MISSING_CREDENTIALS } from '../session/credentials.js';
import { credentialsErrorMessage, waitText } from './login-messages.js';

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

describe('second-factor messages', () => {
  const limited = (code: string, seconds?: number) =>
    new CredentialsRejectedError(code === 'unavailable' ? 503 : 429, code, undefined, seconds);

  it('says when to try again, from Retry-After', () => {
    expect(credentialsErrorMessage(limited('rate_limited', 8), 'totp')).toBe(
      'Too many wrong codes. Try again in 8 seconds.',
    );
    expect(credentialsErrorMessage(limited('rate_limited', 128), 'totp')).toBe(
      'Too many wrong codes. Try again in 3 minutes.',
    );
    expect(credentialsErrorMessage(limited('rate_limited', 15), 'login')).toBe(
      'Too many attempts. Try again in 15 seconds.',
    );
    expect(credentialsErrorMessage(limited('unavailable', 4), 'login')).toBe(
      'The server is busy. Please try again in 4 seconds.',
    );
  });

  it('says a lock is lifted with a recovery code', () => {
    const locked = new CredentialsRejectedError(423, 'second_factor_locked', undefined);
    expect(credentialsErrorMessage(locked, 'totp')).toMatch(/locked.*recovery codes/);
    expect(credentialsErrorMessage(locked, 'login')).toMatch(/locked.*recovery codes/);
    expect(
      credentialsErrorMessage(new CredentialsRejectedError(401, 'invalid_totp', ''), 'unlock'),
    ).toBe('That recovery code is not right, or was used already.');
  });

  it('rounds waits to what people read', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(59)).toBe('59 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
  });
});
