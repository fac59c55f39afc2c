import type { FastifyInstance } from 'fastify';

const LOOPBACK = /^(127\.|::1$|localhost$|::ffff:127\.)/;

/**
 * Behind a reverse proxy without TRUST_PROXY every request seems to come from the proxy, so
 * the per-address limits (login attempts, unauthenticated sockets) lump all clients together.
 * Quire cannot see the proxy before a request comes, so it warns when it listens only on a
 * loopback address (where a proxy is the usual way in), and again on the first forwarded request.
 */
export function warnAboutUntrustedProxy(
  app: FastifyInstance,
  config: { host: string; trustProxy: boolean | string },
): void {
  if (config.trustProxy !== false) return;
  const advice =
    'if a reverse proxy forwards to Quire, set TRUST_PROXY to its address (e.g. TRUST_PROXY=127.0.0.1), or every client shares its rate limits';
  app.addHook('onReady', async () => {
    if (LOOPBACK.test(config.host)) {
      app.log.warn(`TRUST_PROXY is not set and HOST is ${config.host}: ${advice}`);
    }
  });
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(
      `a request came through a proxy (X-Forwarded-For) that is not trusted: ${advice}`,
    );
  });
}
