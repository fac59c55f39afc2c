import { endsSession, type SessionsEnded } from '../live/live-bus.js';
import { RecentLookups } from '../live/recent-lookups.js';
import type { StoredSession } from './session-repository.js';

/**
 * Sessions recently found by their token's hash, so a client saving on every keystroke is not
 * looked up on every request (on PostgreSQL one round trip of three). The database stays the
 * authority: the token check still decides expiry and refreshes the last-seen time from what
 * is kept here.
 */
export class SessionCache extends RecentLookups<StoredSession> {
  /** Updates the kept last-seen time after the database's was refreshed. */
  seen(tokenHash: string, timeLastSeen: number): void {
    this.update(tokenHash, (session) => ({ ...session, timeLastSeen }));
  }

  /** Forgets sessions that ended, here or on another instance. */
  forget(ended: SessionsEnded): void {
    this.forgetWhere(
      (session) =>
        session.userId === ended.userId &&
        endsSession(ended, session.sessionId, session.scopes !== undefined),
    );
  }
}
