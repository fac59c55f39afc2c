import type { FastifyInstance } from 'fastify';

/**
 * Every answer under /api is one user's data, or an error about it: no browser or proxy
 * keeps a copy, which a shared computer or a later user of the same cache could read. A
 * route that can be revalidated says so itself (the note list: `private, no-cache`).
 * The route's pattern decides, never the URL as sent: `/%61pi/check` reaches `/api/check`.
 * A request no route takes gets an error naming its URL, kept by no cache either.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  // A plain callback hook: it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    const pattern = request.routeOptions.url;
    if (pattern === undefined || pattern.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
    }
    done();
  });
}
