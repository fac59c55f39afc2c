import { sql } from 'kysely';
import type { Db } from '../schema.js';

/** An arbitrary constant naming Quire's sign-up lock among the database's advisory locks. */
const SIGNUP_LOCK_ID = 7_362_851_904_113;

/** One advisory lock, taken by sign-ups only, never by note writes. */
export async function lockPostgresSignups(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SIGNUP_LOCK_ID})`.execute(trx);
}

/** The user's row, held until the transaction ends. */
export async function lockPostgresImportsOf(trx: Db, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
