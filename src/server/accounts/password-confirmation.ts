import type { Db } from '../db/schema.js';
import { unauthorized, wrongPassword } from '../domain-errors.js';
import type { LoginThrottle } from './login-throttle.js';
import { verifyPassword } from './password-hash.js';
import { checkSecondFactor } from './second-factor.js';
import { findUserById, type User } from './user-repository.js';

/**
 * Checks the password a signed-in user gives to confirm a change of their account. Failures
 * count against the same limits as logins, so a stolen session cannot be used to
 * guess the password.
 */
export async function confirmPassword(
  db: Db,
  throttle: LoginThrottle,
  userId: string,
  password: string,
  address: string,
): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized('Session is not valid');
  throttle.check(user.email, address);
  if (!(await verifyPassword(password, user.password_hash))) {
    throttle.recordFailure(user.email, address);
    throw wrongPassword();
  }
  return user;
}

/**
 * With two-factor sign-in on, a change that could lock its owner out (a new password, the
 * second factor turned off) needs a current code as well; wrong codes count like passwords.
 */
export async function confirmSecondFactor(
  db: Db,
  throttle: LoginThrottle,
  user: User,
  code: string | undefined,
  address: string,
): Promise<void> {
  try {
    await checkSecondFactor(db, user.id, code);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'invalid_totp') {
      throttle.recordFailure(user.email, address);
    }
    throw error;
  }
}
