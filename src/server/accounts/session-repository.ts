import type { Db } from '../db/database.js';

export interface SessionOwner {
  sessionId: string;
  userId: string;
  email: string;
}

export async function insertSession(
  db: Db,
  session: { id: string; userId: string; tokenHash: string; timeCreated: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      token_hash: session.tokenHash,
      time_created: session.timeCreated,
    })
    .execute();
}

export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<SessionOwner | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'users.id as userId', 'users.email as email'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Well under every database's limit of bound parameters in one statement. */
const IDS_PER_QUERY = 500;

/** Which of these sessions still exist; the rest were revoked (logout, new password, deletion). */
export async function findExistingSessionIds(
  db: Db,
  sessionIds: readonly string[],
): Promise<Set<string>> {
  const existing = new Set<string>();
  for (let start = 0; start < sessionIds.length; start += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', sessionIds.slice(start, start + IDS_PER_QUERY))
      .execute();
    for (const row of rows) existing.add(row.id);
  }
  return existing;
}
