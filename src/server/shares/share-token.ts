import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SHARE_HINT_LENGTH } from '../../shared/shares.js';

/** A new link token: 256 random bits, base64url. Only its hash is stored, with a short hint. */
export function newShareToken(): { token: string; hash: string; hint: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashShareToken(token), hint: token.slice(0, SHARE_HINT_LENGTH) };
}

export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Only what a token made here can look like is looked up. */
export const isShareToken = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);

/**
 * The proof a reader gave the link's password: bound to the token and to the password's hash,
 * so it opens this link only, and a new password (or none) ends it.
 */
export function unlockProof(token: string, passwordHash: string): string {
  return createHash('sha256').update(`${token}\n${passwordHash}`).digest('base64url');
}

export function isUnlockProof(given: string | undefined, token: string, hash: string): boolean {
  if (given === undefined) return false;
  const expected = Buffer.from(unlockProof(token, hash));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
