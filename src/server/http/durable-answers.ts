import type { FastifyInstance } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A request that may have written answers only once its commits are on disk. Commits that
 * finish together share one sync (see wal-group-sync.ts); the live fan-out does not wait.
 */
export function registerDurableAnswers(
  app: FastifyInstance,
  syncCommits: () => Promise<void>,
): void {
  app.addHook('onSend', async (request) => {
    if (!READS.has(request.method)) await syncCommits();
  });
}
