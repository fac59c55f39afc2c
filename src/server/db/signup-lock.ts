import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.js';

/** An arbitrary constant naming Quire's sign-up lock among the database's advisory locks. */
const SIGNUP_LOCK_ID = 7_362_851_904_113;

/**
 * Makes sign-ups take turns until the transaction ends, so two first-run sign-ups cannot both
 * find the database empty. SQLite runs one writing transaction at a time already; on
 * PostgreSQL it is one advisory lock, taken by sign-ups only, never by note writes.
 */
export async function takeSignupLock(trx: Db): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(${SIGNUP_LOCK_ID})`.execute(trx);
}
