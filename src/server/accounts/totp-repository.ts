import type { Db } from '../db/schema.js';

export interface TotpState {
  secret: string | null;
  pendingSecret: string | null;
  lastStep: number | null;
}

export async function findTotpState(db: Db, userId: string): Promise<TotpState | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['totp_secret', 'totp_pending_secret', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    secret: row.totp_secret,
    pendingSecret: row.totp_pending_secret,
    lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  };
}

export async function setPendingTotpSecret(db: Db, userId: string, secret: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_pending_secret: secret })
    .where('id', '=', userId)
    .execute();
}

/**
 * Records that the code of `step` was used. Conditional, so of two requests racing with the
 * same code only one wins, on any number of instances.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Turns the pending secret on, with fresh recovery codes, in one transaction. */
export async function enableTotp(
  db: Db,
  userId: string,
  secret: string,
  step: number,
  recoveryCodeHashes: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(recoveryCodeHashes.map((hash) => ({ user_id: userId, code_hash: hash })))
      .execute();
  });
}

export async function disableTotp(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  });
}

/** Uses up a recovery code; false when the user has no such (unused) code. */
export async function consumeRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
