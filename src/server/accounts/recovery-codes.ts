import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes are read off paper and typed by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP_LENGTH = 5;

/** Ten fresh codes such as `k3v9q-7mxtb`: about 49 random bits each. */
export function newRecoveryCodes(): string[] {
  const group = () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}

/** Codes are compared as typed, minus case, spaces and dashes. */
export function normalizeRecoveryCode(text: string): string {
  return text.toLowerCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(text: string): boolean {
  return /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(text));
}

/**
 * What the database keeps of a code: its SHA-256. The codes are random, not chosen by people,
 * so a fast hash is enough; a slow one would only slow down logins.
 */
export function hashRecoveryCode(text: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(text)).digest('hex');
}
