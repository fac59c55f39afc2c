import type { FastifyInstance } from 'fastify';
import type { Database } from '../storage/database.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A request that may have written answers only once its writes are on disk. Its writes are
 * committed by then (a write resolves once committed); commits made together share one sync
 * (wal-group-sync.ts). The live fan-out waits for the commit, not the sync.
 */
export function registerDurableAnswers(
  app: FastifyInstance,
  database: Pick<Database, 'synced'>,
): void {
  app.addHook('onSend', async (request) => {
    if (!READS.has(request.method)) await database.synced();
  });
}
