import { createAccount } from '../accounts/account-service.js';
import { deleteApiTokensOfUser } from '../accounts/api-token-repository.js';
import { checkNewPassword, normalizeEmail } from '../accounts/credentials.js';
import { hashPassword } from '../accounts/password-hash.js';
import {
  clearSecondFactorFailures,
  SECOND_FACTOR_LOCK_AFTER,
} from '../accounts/second-factor-attempts.js';
import { deleteSessionsOfUser } from '../accounts/session-repository.js';
import {
  deleteUser,
  findUserByEmail,
  listUsers,
  updatePasswordHash,
} from '../accounts/user-repository.js';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import type { SessionsEnded } from '../live/live-bus.js';
import { CliError } from './cli-error.js';
import { confirm, readNewPassword } from './read-secret.js';

async function requireUser(db: Db, rawEmail: string) {
  const email = normalizeEmail(rawEmail);
  const user = await findUserByEmail(db, email);
  if (!user) throw new CliError(`No account with the email ${email}`);
  return user;
}

/** `quire user add EMAIL` — works whether or not sign-up is open. */
export async function addUser(db: Db, config: Config, email: string): Promise<string> {
  const password = await readNewPassword();
  const user = await createAccount(
    db,
    { allowSignup: config.allowSignup, scryptCost: config.scryptCost },
    { email, password, openSignupOnly: false },
  );
  return `Created the account ${user.email}`;
}

/** `quire user list` — one email per line, with the note count and creation date. */
export async function listUserLines(db: Db): Promise<string> {
  const users = await listUsers(db);
  if (users.length === 0) return 'No accounts yet';
  const counts = await db
    .selectFrom('notes')
    .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('user_id')
    .execute();
  const countOf = new Map(counts.map((row) => [row.user_id, Number(row.count)]));
  return users
    .map((user) => {
      const created = new Date(Number(user.time_created) * 1000).toISOString().slice(0, 10);
      return `${user.email}\t${countOf.get(user.id) ?? 0} notes\tcreated ${created}`;
    })
    .join('\n');
}

/** Tells running servers that sessions ended, where they can hear it (PostgreSQL). */
export type AnnounceSessionsEnded = (ended: SessionsEnded) => Promise<void>;

/**
 * `quire user passwd EMAIL` — sets a new password and signs the user out everywhere. It is the
 * way back into an account someone else got into, so their API tokens go too.
 */
export async function changePassword(
  db: Db,
  config: Config,
  email: string,
  announce: AnnounceSessionsEnded,
): Promise<string> {
  const user = await requireUser(db, email);
  const password = await readNewPassword();
  checkNewPassword(password);
  const hash = await hashPassword(password, config.scryptCost);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, hash);
    await deleteSessionsOfUser(trx, user.id);
    await deleteApiTokensOfUser(trx, user.id);
  });
  await announce({ userId: user.id });
  return `Changed the password of ${user.email}; their sessions were signed out and their API tokens revoked`;
}

/**
 * `quire user unlock EMAIL` — lifts the lock (and any wait) that wrong two-factor codes put on
 * an account, for an owner who has no recovery code left. The second factor stays on.
 */
export async function unlockUser(db: Db, email: string): Promise<string> {
  const user = await requireUser(db, email);
  const row = await db
    .selectFrom('users')
    .select(['totp_secret', 'totp_failures'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  await clearSecondFactorFailures(db, user.id);
  if (!row.totp_secret) return `${user.email} does not use two-factor sign-in; nothing to unlock`;
  return Number(row.totp_failures) >= SECOND_FACTOR_LOCK_AFTER
    ? `Unlocked two-factor sign-in for ${user.email}`
    : `Two-factor sign-in for ${user.email} was not locked; its count of wrong codes starts over`;
}

/** `quire user delete EMAIL [--yes]` — removes the account, its notes and its sessions. */
export async function removeUser(
  db: Db,
  email: string,
  yes: boolean,
  announce: AnnounceSessionsEnded,
): Promise<string> {
  const user = await requireUser(db, email);
  const sure =
    yes || (await confirm(`Delete ${user.email} with all their notes? This cannot be undone.`));
  if (!sure) {
    throw new CliError(
      process.stdin.isTTY
        ? 'Nothing deleted'
        : 'Nothing deleted: add --yes to delete without asking',
    );
  }
  await deleteUser(db, user.id);
  await announce({ userId: user.id });
  return `Deleted the account ${user.email} with their notes and sessions`;
}
