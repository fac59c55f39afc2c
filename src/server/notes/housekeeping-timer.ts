import type { FastifyBaseLogger } from 'fastify';
import { nowInSeconds } from '../clock.js';
import type { Db } from '../db/schema.js';
import { type HistoryPolicy, keepHouse } from './history-policy.js';

/**
 * Runs the history and trash policy soon after start and then every `intervalMs`, so purging
 * is a policy with a configured age and never a side effect of a write. Returns `stop`.
 */
export function startHousekeeping(
  db: Db,
  policy: HistoryPolicy,
  options: { intervalMs: number; log: FastifyBaseLogger },
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    keepHouse(db, policy, nowInSeconds())
      .then((done) => {
        if (done.thinned + done.expired + done.purged + done.documents > 0)
          options.log.info(done, 'housekeeping');
      })
      .catch((error: unknown) => options.log.warn({ err: error }, 'housekeeping failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, Math.min(options.intervalMs, 60_000));
  const timer = setInterval(run, options.intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
