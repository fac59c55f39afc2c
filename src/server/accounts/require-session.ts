import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { unauthorized } from '../domain-errors.js';
import { checkAccess, type RouteAccess } from './route-access.js';
import type { SessionOwner } from './session-repository.js';
import type { SessionChecker } from './session-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session or API token; set by the session guard on every authenticated route. */
    session: SessionOwner;
  }
}

/**
 * The hook of an authenticated route, made for what it lets in. `alsoFrom` names where else
 * the token may come from (the attachments' cookie) when the request has none in its headers.
 */
export type Authenticated = (
  access: RouteAccess,
  alsoFrom?: (request: FastifyRequest) => string | undefined,
) => preHandlerAsyncHookHandler;

/** How to call an authenticated route, as OpenAPI says it: either header will do. */
export const TOKEN_SECURITY: Record<string, string[]>[] = [{ tokenHeader: [] }, { bearer: [] }];

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The token a request sends: `token` header or `Authorization: Bearer …` (docs/api.md#routes). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header !== '') return header;
  const authorization = request.headers.authorization;
  return typeof authorization === 'string' ? BEARER.exec(authorization)?.[1] : undefined;
}

const accessOfGuard = new WeakMap<object, RouteAccess>();

/** What a route's hooks let in, if one of them is the session guard. */
export function routeAccessOf(hooks: unknown): RouteAccess | undefined {
  for (const hook of [hooks].flat()) {
    const access = typeof hook === 'function' ? accessOfGuard.get(hook) : undefined;
    if (access) return access;
  }
  return undefined;
}

/**
 * The session guard. Every authenticated route names what it lets in
 * (`preHandler: authenticated('notes:read')`): the guard checks the token once, refuses what
 * the route does not let in, and leaves the caller on `request.session`, so handlers never
 * check it themselves. Each guarded route's OpenAPI description says how to call it.
 */
export function registerSessionGuard(
  app: FastifyInstance,
  sessions: SessionChecker,
): Authenticated {
  app.decorateRequest('session', null as unknown as SessionOwner);
  app.addHook('onRoute', (route) => {
    const access = routeAccessOf(route.preHandler) ?? routeAccessOf(route.onRequest);
    if (!access) return;
    const described = { security: TOKEN_SECURITY, 'x-quire-access': access };
    route.schema = { ...route.schema, ...described } as typeof route.schema;
  });
  return (access, alsoFrom) => {
    const guard: preHandlerAsyncHookHandler = async (request) => {
      const token = tokenOf(request) ?? alsoFrom?.(request);
      const session = token ? await sessions.authenticate(token) : undefined;
      if (!session) throw unauthorized(token ? 'Session is not valid' : 'Send the token header');
      checkAccess(session, access);
      request.session = session;
    };
    accessOfGuard.set(guard, access);
    return guard;
  };
}
