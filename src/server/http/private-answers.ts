import type { FastifyInstance } from 'fastify';

/**
 * Every answer under /api is one user's data, or an error about it: no browser or proxy
 * keeps a copy, which a shared computer or a later user of the same cache could read. A
 * route that can be revalidated says so itself (the note list: `private, no-cache`).
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  // A plain callback hook: it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
