import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { RateLimitedError, secondFactorLocked } from '../domain-errors.js';

/** Wrong codes that cost nothing; each one after these doubles the wait before the next. */
export const FREE_SECOND_FACTOR_FAILURES = 3;
/** Wrong codes after which no code is accepted until the owner unlocks the account. */
export const SECOND_FACTOR_LOCK_AFTER = 10;

/** How long to wait after `failures` wrong codes: none for the first few, then 2, 4, 8… s. */
export function secondFactorWaitMs(failures: number): number {
  if (failures < FREE_SECOND_FACTOR_FAILURES) return 0;
  return 1000 * 2 ** (failures - FREE_SECOND_FACTOR_FAILURES + 1);
}

function refusal(failures: number, nextAttemptMs: number | null, nowMs: number) {
  if (failures >= SECOND_FACTOR_LOCK_AFTER) return secondFactorLocked();
  const retryAfter = Math.max(1, Math.ceil(((nextAttemptMs ?? nowMs) - nowMs) / 1000));
  return new RateLimitedError(
    `Too many wrong codes; try again in ${retryAfter} seconds`,
    retryAfter,
  );
}

async function readFailures(db: Db, userId: string) {
  const row = await db
    .selectFrom('users')
    .select(['totp_failures', 'totp_next_attempt'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return {
    failures: Number(row?.totp_failures ?? 0),
    nextAttemptMs: row?.totp_next_attempt == null ? null : Number(row.totp_next_attempt),
  };
}

/** Throws when the account is locked; its back-off alone does not stop a login that has no code yet. */
export async function assertSecondFactorUnlocked(db: Db, userId: string): Promise<void> {
  const { failures } = await readFailures(db, userId);
  if (failures >= SECOND_FACTOR_LOCK_AFTER) throw secondFactorLocked();
}

/**
 * Takes the right to check one code, counted as a failure until `clearSecondFactorFailures`
 * says it was right. Conditional on the count read, so requests racing on any number of
 * instances each take their own turn, and none slips past the back-off or the lock. Throws 429
 * with Retry-After during the back-off, and `second_factor_locked` once locked.
 */
export async function claimSecondFactorAttempt(
  db: Db,
  userId: string,
  nowMs = Date.now(),
): Promise<void> {
  const { failures, nextAttemptMs } = await readFailures(db, userId);
  if (failures >= SECOND_FACTOR_LOCK_AFTER || (nextAttemptMs !== null && nextAttemptMs > nowMs)) {
    throw refusal(failures, nextAttemptMs, nowMs);
  }
  const claimed =
    failures < FREE_SECOND_FACTOR_FAILURES
      ? // The free attempts are counted up in place, so racing requests share them out.
        await db
          .updateTable('users')
          .set((eb) => ({
            totp_failures: eb('totp_failures', '+', 1),
            totp_next_attempt: sql<number | null>`case when ${eb.ref('totp_failures')} = ${
              FREE_SECOND_FACTOR_FAILURES - 1
            } then cast(${nowMs + secondFactorWaitMs(FREE_SECOND_FACTOR_FAILURES)} as bigint) else null end`,
          }))
          .where('id', '=', userId)
          .where('totp_failures', '<', FREE_SECOND_FACTOR_FAILURES)
          .executeTakeFirst()
      : await db
          .updateTable('users')
          .set({
            totp_failures: failures + 1,
            totp_next_attempt: nowMs + secondFactorWaitMs(failures + 1),
          })
          .where('id', '=', userId)
          .where('totp_failures', '=', failures)
          .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) > 0) return;
  // Another request took this turn first: answer as the count now stands.
  const now = await readFailures(db, userId);
  throw refusal(now.failures, now.nextAttemptMs ?? nowMs + 1000, nowMs);
}

/** A right code, an unlock by the owner, or `quire user unlock`: the count starts over. */
export async function clearSecondFactorFailures(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_failures: 0, totp_next_attempt: null })
    .where('id', '=', userId)
    .execute();
}
