import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '../../shared/api-tokens.js';

/** A new session token: 256 random bits, base64url. Only its hash is ever stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token (a session's or an API token): its SHA-256, hex. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new personal API token: 256 random bits behind a prefix that says what it is. */
export function newApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}
