import { sql } from 'kysely';
import type { TurnName } from '../connection.js';
import type { Db } from '../schema.js';

/** An arbitrary constant naming Quire's sign-up lock among the database's advisory locks. */
const SIGNUP_LOCK_ID = 7_362_851_904_113;

/** Arbitrary constants naming the turns of work among the database's advisory locks. */
const TURN_LOCK_IDS: Record<TurnName, number> = { 'scheduled-backup': 7_362_851_904_114 };

/**
 * Runs `work` while this connection holds a session advisory lock, if no other instance holds
 * it; the lock goes with the connection should the process die.
 */
export async function takePostgresTurn<T>(
  db: Db,
  name: TurnName,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const id = TURN_LOCK_IDS[name];
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ taken: boolean }>`
      select pg_try_advisory_lock(${id}) as taken`.execute(connection);
    if (!rows[0]?.taken) return undefined;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${id})`.execute(connection);
    }
  });
}

/** One advisory lock, taken by sign-ups only, never by note writes. */
export async function lockPostgresSignups(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SIGNUP_LOCK_ID})`.execute(trx);
}

/** The user's row, held until the transaction ends. */
export async function lockPostgresImportsOf(trx: Db, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
