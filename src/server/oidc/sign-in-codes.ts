import { createHash, randomBytes } from 'node:crypto';
import { nowInSeconds } from '../clock.js';
import type { Db } from '../db/schema.js';

/** A new single-use code for the user, valid `ttlSeconds`; only its SHA-256 is stored. */
export async function issueSignInCode(db: Db, userId: string, ttlSeconds: number) {
  const code = randomBytes(32).toString('base64url');
  const now = nowInSeconds();
  // Codes are short-lived: the expired ones go whenever a new one is made.
  await db.deleteFrom('sign_in_codes').where('time_expires', '<=', now).execute();
  await db
    .insertInto('sign_in_codes')
    .values({ code_hash: hashCode(code), user_id: userId, time_expires: now + ttlSeconds })
    .execute();
  return code;
}

/**
 * The user a code signs in, once: the code is removed as it is read, so two uses at once
 * cannot both succeed. Undefined for an unknown, used or expired code.
 */
export async function redeemSignInCode(db: Db, code: string): Promise<string | undefined> {
  if (code.length === 0 || code.length > 128) return undefined;
  const row = await db
    .deleteFrom('sign_in_codes')
    .where('code_hash', '=', hashCode(code))
    .returning(['user_id', 'time_expires'])
    .executeTakeFirst();
  if (!row || Number(row.time_expires) <= nowInSeconds()) return undefined;
  return row.user_id;
}

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}
