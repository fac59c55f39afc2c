import { randomUUID } from 'node:crypto';
import { nowInSeconds } from '../clock.js';
import type { Db } from '../db/schema.js';
import { findApiTokenByHash, touchApiToken } from './api-token-repository.js';
import type { SessionCache } from './session-cache.js';
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
  type StoredSession,
  touchSession,
} from './session-repository.js';
import { hashSessionToken, isApiToken, newSessionToken } from './session-token.js';

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
 * Checks session and API tokens: the token check of every request and of every live socket.
 * An API token is a session with scopes (`SessionOwner.scopes`) and its own expiry.
 */
export class SessionChecker {
  constructor(
    private readonly db: Db,
    private readonly lifetime: SessionLifetime,
    private readonly cache: SessionCache,
  ) {}

  /**
   * The live session a token belongs to, or undefined for a missing, unknown, revoked or expired
   * one. An expired session is removed; a used one has its last-seen time refreshed now and
   * then, at most once a minute, so a busy client does not write on every request.
   */
  async authenticate(token: string | undefined): Promise<SessionOwner | undefined> {
    if (!token || token.length > 256) return undefined;
    const tokenHash = hashSessionToken(token);
    const session = this.cache.get(tokenHash) ?? (await this.find(tokenHash, isApiToken(token)));
    if (!session) return undefined;
    const now = nowInSeconds();
    if (session.scopes) return this.apiToken(tokenHash, session, now);
    if (isSessionExpired(session, now, this.lifetime)) {
      this.cache.drop(tokenHash);
      await deleteSession(this.db, session.sessionId);
      return undefined;
    }
    if (now - session.timeLastSeen > LAST_SEEN_RESOLUTION_SECONDS) {
      await touchSession(this.db, session.sessionId, now);
      this.cache.seen(tokenHash, now);
    }
    return { sessionId: session.sessionId, userId: session.userId, email: session.email };
  }

  /** An expired API token stays listed for its owner, refused, until they revoke it. */
  private async apiToken(
    tokenHash: string,
    token: StoredSession,
    now: number,
  ): Promise<SessionOwner | undefined> {
    if (token.timeExpires != null && now >= token.timeExpires) return undefined;
    if (now - token.timeLastSeen > LAST_SEEN_RESOLUTION_SECONDS) {
      this.cache.seen(tokenHash, now); // before the write: requests meanwhile do not write again
      await touchApiToken(this.db, token.sessionId, now);
    }
    const { sessionId, userId, email, scopes } = token;
    return { sessionId, userId, email, scopes };
  }

  private async find(tokenHash: string, apiToken: boolean): Promise<StoredSession | undefined> {
    const since = this.cache.lookup();
    const session = apiToken
      ? await findApiTokenByHash(this.db, tokenHash)
      : await findSessionByTokenHash(this.db, tokenHash);
    if (session) this.cache.keep(tokenHash, session, since);
    return session;
  }
}
