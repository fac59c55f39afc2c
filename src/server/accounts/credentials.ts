import {
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '../../shared/account-limits.js';
import { invalidInput } from '../domain-errors.js';

// Deliberately loose: one @, something on each side, a dot in the domain, no spaces. The only
// real check of an address is mail reaching it, which Quire never sends.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trims and lower-cases an email; rejects what cannot be an address. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email === '') throw invalidInput('Email address is required');
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(email)) {
    throw invalidInput('Email address is not valid');
  }
  return email;
}

/** Rejects a password too short (counted in characters, not UTF-16 units) or too long. */
export function checkNewPassword(password: string): void {
  const length = Array.from(password).length;
  if (length < MIN_PASSWORD_LENGTH) {
    throw invalidInput(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw invalidInput(`Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  }
}
