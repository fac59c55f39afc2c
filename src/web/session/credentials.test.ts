import { describe, expect, it } from 'vitest';
import { assertCredentials, MISSING_CREDENTIALS } from './credentials.js';

describe('assertCredentials', () => {
  it('raises the missing-field error when a field is empty', () => {
    expect(() => assertCredentials('', 'secret')).toThrow(MISSING_CREDENTIALS);
    expect(() => assertCredentials('me@example.org', '')).toThrow(MISSING_CREDENTIALS);
    expect(() => assertCredentials('   ', 'secret')).toThrow(MISSING_CREDENTIALS);
    expect(MISSING_CREDENTIALS).toBe('Please provide both username and password');
  });

  it('accepts two filled fields', () => {
    expect(() => assertCredentials('me@example.org', ' ')).not.toThrow();
  });
});
