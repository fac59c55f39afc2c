import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Authenticated, tokenOf } from '../accounts/require-session.js';
import { CLEAR_BROWSER_CACHE } from '../http/clear-browser-cache.js';
import { NoContent } from '../http/schemas/no-content.js';

/** The cookie that lets `<img>` and links load attachments, which cannot send the header. */
export const ACCESS_COOKIE = 'quire_attachments';
const COOKIE_PATH = '/api/attachments/';

function cookieToken(header: string | undefined): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name !== ACCESS_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined; // not a cookie Quire set
    }
  }
  return undefined;
}

function cookie(value: string, request: FastifyRequest, maxAge?: number): string {
  const parts = [`${ACCESS_COOKIE}=${encodeURIComponent(value)}`, `Path=${COOKIE_PATH}`];
  parts.push('HttpOnly', 'SameSite=Strict');
  if (request.protocol === 'https') parts.push('Secure');
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`);
  return parts.join('; ');
}

/**
 * Where reading an attachment also finds the token: for what the browser loads by itself, the
 * access cookie. The cookie is honoured by these reads alone, never by anything that changes
 * data, and SameSite=Strict keeps other sites' pages from sending it.
 */
export function accessCookieToken(request: FastifyRequest): string | undefined {
  return cookieToken(request.headers.cookie);
}

/**
 * `POST /api/attachments/access` (with the token header) sets the access cookie to the
 * session's token, for this browser session only; `DELETE` clears it, as signing out does, and
 * has the browser drop the attachments it cached.
 * The session's end ends the cookie too: it is checked as the token is, on every read.
 */
export function registerAccessCookieRoutes(
  app: FastifyInstance,
  authenticated: Authenticated,
): void {
  app.post(
    '/api/attachments/access',
    { schema: { response: { 204: NoContent } }, preHandler: authenticated('session') },
    async (request, reply) => {
      const token = tokenOf(request) as string;
      return reply.header('set-cookie', cookie(token, request)).code(204).send();
    },
  );
  app.delete(
    '/api/attachments/access',
    { schema: { response: { 204: NoContent } } },
    async (request, reply) =>
      reply
        .header('set-cookie', cookie('', request, 0))
        .header(...CLEAR_BROWSER_CACHE)
        .code(204)
        .send(),
  );
}
