import type { TokenScope } from '../../shared/api-tokens.js';
import { prepared } from '../db/prepared-query.js';
import type { Db } from '../db/schema.js';

/**
 * Who is calling: a signed-in session, or a personal API token (`scopes` set; its id is the
 * `sessionId`, so ending it closes its sockets and leaves caches as a session's end does).
 */
export interface SessionOwner {
  sessionId: string;
  userId: string;
  email: string;
  /** Only on an API token: what it may do. */
  scopes?: readonly TokenScope[];
}

/** A session as the token check sees it: whose it is, and how old and idle. */
export interface StoredSession extends SessionOwner {
  timeCreated: number;
  timeLastSeen: number;
  /** Only on an API token: when it stops working; null: never. */
  timeExpires?: number | null;
}

/** A session as its owner sees it in the list of their sessions. */
export interface SessionRow {
  id: string;
  timeCreated: number;
  timeLastSeen: number;
  userAgent: string | null;
  address: string | null;
}

export interface NewSession {
  id: string;
  userId: string;
  tokenHash: string;
  timeCreated: number;
  userAgent: string | null;
  address: string | null;
}

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      token_hash: session.tokenHash,
      time_created: session.timeCreated,
      time_last_seen: session.timeCreated,
      user_agent: session.userAgent,
      address: session.address,
    })
    .execute();
}

/** Every request with a token asks this, so it is built once (prepared-query.ts). */
const sessionByTokenHash = prepared((db: Db, p: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'users.id as userId',
      'users.email as email',
      'sessions.time_created as timeCreated',
      'sessions.time_last_seen as timeLastSeen',
    ])
    .where('sessions.token_hash', '=', p.tokenHash),
);

export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<StoredSession | undefined> {
  const row = await sessionByTokenHash.executeTakeFirst(db, { tokenHash });
  if (!row) return undefined;
  const timeCreated = Number(row.timeCreated);
  return { ...row, timeCreated, timeLastSeen: Number(row.timeLastSeen ?? timeCreated) };
}

export async function touchSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ time_last_seen: now })
    .where('id', '=', sessionId)
    .execute();
}

export async function listSessionsOfUser(db: Db, userId: string): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select([
      'id',
      'time_created as timeCreated',
      'time_last_seen as timeLastSeen',
      'user_agent as userAgent',
      'address',
    ])
    .where('user_id', '=', userId)
    .orderBy('time_last_seen', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    timeCreated: Number(row.timeCreated),
    timeLastSeen: Number(row.timeLastSeen ?? row.timeCreated),
  }));
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends one of a user's sessions; false when the user has no session with that id. */
export async function deleteSessionOfUser(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function deleteSessionsOfUser(
  db: Db,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** Removes sessions idle since `idleBefore` or begun before `createdBefore`. */
export async function deleteExpiredSessions(
  db: Db,
  limits: { idleBefore: number; createdBefore: number },
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('time_last_seen', '<=', limits.idleBefore),
        eb('time_created', '<=', limits.createdBefore),
      ]),
    )
    .execute();
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
