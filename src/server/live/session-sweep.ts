import { CLOSE_UNAUTHORIZED } from '../../shared/live-message.js';
import { findLiveCredentialIds } from '../accounts/credential-ids.js';
import { expiryLimits, type SessionLifetime } from '../accounts/session-lifetime.js';
import { deleteExpiredSessions } from '../accounts/session-repository.js';
import { nowInSeconds } from '../clock.js';
import type { Db } from '../db/schema.js';
import type { LiveHub } from './live-hub.js';

export interface SessionSweepOptions {
  db: Db;
  hub: LiveHub;
  lifetime: SessionLifetime;
  intervalMs: number;
  log: { warn(details: object, message: string): void };
}

/**
 * Closes live sockets whose session (or API token) has ended where this instance could not see
 * it happen: a logout through another instance, an API token's expiry, or `quire user passwd` / `user delete` run beside the
 * server, or a session that expired. Without it such a socket would go on receiving the account's
 * notes. Returns `stop`.
 */
export function startSessionSweep(options: SessionSweepOptions): () => void {
  const { db, hub, log } = options;
  let running = false;

  const sweep = async () => {
    // Expired sessions go first, so their sockets close in the same sweep.
    const now = nowInSeconds();
    await deleteExpiredSessions(db, expiryLimits(now, options.lifetime));
    const open = hub.sessionIds();
    if (open.size === 0) return;
    const existing = await findLiveCredentialIds(db, [...open], now);
    const ended = new Set([...open].filter((id) => !existing.has(id)));
    if (ended.size > 0) hub.closeSessions(ended, CLOSE_UNAUTHORIZED, 'Session ended');
  };

  const timer = setInterval(() => {
    if (running) return; // a slow database never piles up sweeps
    running = true;
    sweep()
      .catch((error: unknown) => log.warn({ err: error }, 'live session check failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
