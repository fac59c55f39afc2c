import { endsSession, type SessionsEnded } from '../live/live-bus.js';
import type { StoredSession } from './session-repository.js';

/** How long a checked session is trusted without asking the database again. */
const MAX_AGE_MS = 5_000;
/** Tokens kept; past this the oldest go first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  session: StoredSession;
  checkedAt: number;
  /** The database's count of writes by others when the session was read (SQLite). */
  writesElsewhere: number;
}

export interface SessionCacheOptions {
  /**
   * Changes whenever another process wrote to the database (SQLite's `data_version`), which
   * then may have ended sessions unannounced (`quire user passwd` beside the server). Without
   * it, only announced ends (the live bus) and age retire a session.
   */
  writesElsewhere?: () => number;
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * Sessions recently found by their token's hash, so a client saving on every keystroke is not
 * looked up on every request (on PostgreSQL one round trip of three). A session is forgotten
 * as soon as its end is announced (`forget`, from the live bus), when another process writes to
 * the database, and after a few seconds in any case. The database stays the authority: the
 * token check still decides expiry and refreshes the last-seen time from what is kept here.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts the ends forgotten, so a lookup that began before one is not kept after it. */
  private ends = 0;
  private readonly writesElsewhere: () => number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: SessionCacheOptions = {}) {
    this.writesElsewhere = options.writesElsewhere ?? (() => 0);
    this.maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
    this.now = options.now ?? (() => performance.now());
  }

  /** The session kept for this token hash, if it is still to be trusted. */
  get(tokenHash: string): StoredSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.writesElsewhere !== this.writesElsewhere()) {
      this.clear(); // another process wrote: any session may have ended
      return undefined;
    }
    if (this.now() - entry.checkedAt > this.maxAgeMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** Marks the start of a lookup in the database; pass it to `keep` with what was found. */
  lookup(): { ends: number; writesElsewhere: number } {
    return { ends: this.ends, writesElsewhere: this.writesElsewhere() };
  }

  /** Keeps a session read from the database, unless an end was announced since the read began. */
  keep(tokenHash: string, session: StoredSession, since: ReturnType<SessionCache['lookup']>) {
    if (since.ends !== this.ends || this.maxAgeMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(tokenHash); // re-inserted last: the Map's order is age
    this.entries.set(tokenHash, {
      session,
      checkedAt: this.now(),
      writesElsewhere: since.writesElsewhere,
    });
  }

  /** Updates the kept last-seen time after the database's was refreshed. */
  seen(tokenHash: string, timeLastSeen: number): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.session = { ...entry.session, timeLastSeen };
  }

  /** Drops one token's session (it expired, or was deleted). */
  drop(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Forgets sessions that ended, here or on another instance. */
  forget(ended: SessionsEnded): void {
    this.ends += 1;
    for (const [tokenHash, { session }] of this.entries) {
      if (
        session.userId === ended.userId &&
        endsSession(ended, session.sessionId, session.scopes !== undefined)
      ) {
        this.entries.delete(tokenHash);
      }
    }
  }

  /** Forgets every session, e.g. when announced ends may have been missed. */
  clear(): void {
    this.ends += 1;
    this.entries.clear();
  }
}
