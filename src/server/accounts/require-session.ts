import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { unauthorized } from '../domain-errors.js';
import type { SessionOwner } from './session-repository.js';
import type { SessionChecker } from './session-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; set by the session guard on every authenticated route. */
    session: SessionOwner;
  }
}

/** The session named by the request's `token` header (spec §6); 401 when there is none. */
async function sessionOf(sessions: SessionChecker, request: FastifyRequest): Promise<SessionOwner> {
  const token = request.headers.token;
  const session = typeof token === 'string' ? await sessions.authenticate(token) : undefined;
  if (!session) throw unauthorized(token ? 'Session is not valid' : 'Send the token header');
  return session;
}

/**
 * The `preHandler` of every authenticated route: it checks the token once and leaves the
 * session on `request.session`, so handlers never check it themselves.
 */
export function registerSessionGuard(
  app: FastifyInstance,
  sessions: SessionChecker,
): preHandlerAsyncHookHandler {
  app.decorateRequest('session', null as unknown as SessionOwner);
  return async (request) => {
    request.session = await sessionOf(sessions, request);
  };
}
