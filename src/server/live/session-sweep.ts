import { CLOSE_UNAUTHORIZED } from '../../shared/live-message.js';
import { findExistingSessionIds } from '../accounts/session-repository.js';
import type { Db } from '../db/database.js';
import type { LiveHub } from './live-hub.js';

export interface SessionSweepOptions {
  db: Db;
  hub: LiveHub;
  intervalMs: number;
  log: { warn(details: object, message: string): void };
}

/**
 * Closes live sockets whose session has ended where this instance could not see it happen:
 * a logout through another instance, or `quire user passwd` / `user delete` run beside the
 * server. Without it such a socket would go on receiving the account's notes. Returns `stop`.
 */
export function startSessionSweep(options: SessionSweepOptions): () => void {
  const { db, hub, log } = options;
  let running = false;

  const sweep = async () => {
    const open = hub.sessionIds();
    if (open.size === 0) return;
    const existing = await findExistingSessionIds(db, [...open]);
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
