import { randomUUID } from 'node:crypto';
import { nowInSeconds } from '../clock.js';
import type { Db } from '../db/database.js';
import {
  isSessionExpired,
  LAST_SEEN_RESOLUTION_SECONDS,
  type SessionLifetime,
} from './session-lifetime.js';
import {
  deleteSession,
  findSessionByTokenHash,
  insertSession,
  type SessionOwner,
  touchSession,
} from './session-repository.js';
import { hashSessionToken, newSessionToken } from './session-token.js';

/** Where a session was opened from, as its owner will see it in the list of sessions. */
export interface SessionClient {
  userAgent: string | undefined;
  address: string | undefined;
}

const MAX_USER_AGENT_LENGTH = 256;

/** Where a request comes from (the proxy's client address with TRUST_PROXY). */
export function clientOf(request: { ip: string; headers: Record<string, unknown> }): SessionClient {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : undefined, address: request.ip };
}

/** Opens a session for a user and returns its token (shown once, stored only as a hash). */
export async function startSession(db: Db, userId: string, client: SessionClient): Promise<string> {
  const token = newSessionToken();
  await insertSession(db, {
    id: randomUUID(),
    userId,
    tokenHash: hashSessionToken(token),
    timeCreated: nowInSeconds(),
    userAgent: client.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
    address: client.address ?? null,
  });
  return token;
}

/**
 * The live session a token belongs to, or undefined for a missing, unknown, revoked or expired
 * one. An expired session is removed; a used one has its last-seen time refreshed now and then.
 */
export async function authenticateToken(
  db: Db,
  token: string | undefined,
  lifetime: SessionLifetime,
): Promise<SessionOwner | undefined> {
  if (!token || token.length > 256) return undefined;
  const session = await findSessionByTokenHash(db, hashSessionToken(token));
  if (!session) return undefined;
  const now = nowInSeconds();
  if (isSessionExpired(session, now, lifetime)) {
    await deleteSession(db, session.sessionId);
    return undefined;
  }
  if (now - session.timeLastSeen > LAST_SEEN_RESOLUTION_SECONDS) {
    await touchSession(db, session.sessionId, now);
  }
  return { sessionId: session.sessionId, userId: session.userId, email: session.email };
}
