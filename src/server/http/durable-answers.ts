import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A request that may have written answers only once its writes are committed and on disk.
 * Writes that arrive together share one commit and one sync (batched-sqlite-driver.ts,
 * wal-group-sync.ts); the live fan-out waits for the commit, not the sync.
 */
export function registerDurableAnswers(
  app: FastifyInstance,
  database: Pick<Database, 'trackWrites' | 'syncCommits'>,
): void {
  // After the body is read: stream events would run outside a scope begun any earlier.
  app.addHook('preValidation', (_request, _reply, done) => database.trackWrites(done));
  app.addHook('onSend', async (request) => {
    if (!READS.has(request.method)) await database.syncCommits();
  });
}
