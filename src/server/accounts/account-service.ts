import { randomUUID } from 'node:crypto';
import { nowInSeconds } from '../clock.js';
import type { Db } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { conflict, forbidden, unauthorized } from '../domain-errors.js';
import { checkNewPassword, normalizeEmail } from './credentials.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { takeSignupLock } from './signup-lock.js';
import { countUsers, findUserByEmail, insertUser, type User } from './user-repository.js';

export interface AccountPolicy {
  /** ALLOW_SIGNUP: true/false, or undefined for "open only while no account exists". */
  allowSignup: boolean | undefined;
  scryptCost: number;
}

/** Whether `POST /api/signup` accepts a new account right now. */
export async function isSignupOpen(db: Db, policy: AccountPolicy): Promise<boolean> {
  if (policy.allowSignup !== undefined) return policy.allowSignup;
  return (await countUsers(db)) === 0;
}

/** Creates an account; `openSignupOnly` makes it honour the signup policy (the CLI does not). */
export async function createAccount(
  db: Db,
  policy: AccountPolicy,
  input: { email: string; password: string; openSignupOnly: boolean },
): Promise<User> {
  const email = normalizeEmail(input.email);
  checkNewPassword(input.password);
  const user: User = {
    id: randomUUID(),
    email,
    password_hash: await hashPassword(input.password, policy.scryptCost),
    time_created: nowInSeconds(),
  };
  try {
    // One transaction, so two first-run signups cannot both find the database empty.
    await db.transaction().execute(async (trx) => {
      await takeSignupLock(trx);
      if (input.openSignupOnly && !(await isSignupOpen(trx, policy))) {
        throw forbidden('Sign-up is closed on this server');
      }
      if (await findUserByEmail(trx, email)) throw conflict('An account with this email exists');
      await insertUser(trx, user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An account with this email exists');
    throw error;
  }
  return user;
}

// Verifying against a real-looking hash when the email is unknown keeps the answer time the
// same, so response timing does not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;

/** Checks email and password; the same error for an unknown email and a wrong password. */
export async function verifyCredentials(
  db: Db,
  policy: AccountPolicy,
  rawEmail: string,
  password: string,
): Promise<User> {
  const email = rawEmail.trim().toLowerCase();
  const user = email === '' ? undefined : await findUserByEmail(db, email);
  // A decoy that failed (the hashing line was full) is made again next time, not kept.
  decoyHash ??= hashPassword('decoy password', policy.scryptCost).catch((error) => {
    decoyHash = undefined;
    throw error;
  });
  // An account made through single sign-on has no password hash: it takes the decoy's time too.
  const hash = user?.password_hash.startsWith('scrypt$') ? user.password_hash : await decoyHash;
  const valid = (await verifyPassword(password, hash)) && user?.password_hash === hash;
  if (!user || !valid) throw unauthorized('Wrong email or password');
  return user;
}
