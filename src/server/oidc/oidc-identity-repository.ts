import { nowInSeconds } from '../clock.js';
import type { Db } from '../db/schema.js';

/** The account a person at a provider is linked to, if any. */
export async function findLinkedUserId(
  db: Db,
  issuer: string,
  subject: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('oidc_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

export async function linkIdentity(
  db: Db,
  identity: { issuer: string; subject: string; userId: string },
): Promise<void> {
  await db
    .insertInto('oidc_identities')
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      user_id: identity.userId,
      time_created: nowInSeconds(),
    })
    .execute();
}
