import type { Selectable } from 'kysely';
import type { Db, UserTable } from '../db/schema.js';

/**
 * An account as the services see it; the change counter belongs to the notes, and the
 * second factor to `totp-repository.ts`, not here.
 */
export type User = Omit<
  Selectable<UserTable>,
  | 'change_seq'
  | 'totp_secret'
  | 'totp_pending_secret'
  | 'totp_last_step'
  | 'totp_failures'
  | 'totp_next_attempt'
>;
const USER_COLUMNS = ['id', 'email', 'password_hash', 'time_created'] as const;

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertUser(db: Db, user: User): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function listUsers(db: Db): Promise<User[]> {
  return db.selectFrom('users').select(USER_COLUMNS).orderBy('email').execute();
}

export async function updatePasswordHash(db: Db, userId: string, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

/** Removes a user with their notes and sessions, in one transaction. */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}
