import type { Db } from '../db/schema.js';
import { databaseOf } from '../storage/database-of.js';

/**
 * Makes sign-ups take turns until the transaction ends, so two first-run sign-ups cannot both
 * find the database empty. SQLite runs one writing transaction at a time already; PostgreSQL
 * takes a lock of its own.
 */
export async function takeSignupLock(trx: Db): Promise<void> {
  await databaseOf(trx).lockSignups(trx);
}
