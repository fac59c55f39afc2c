import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { unauthorized } from '../domain-errors.js';
import { findSession } from './account-service.js';
import type { SessionOwner } from './session-repository.js';

/** The session named by the request's `token` header (spec §6); 401 when there is none. */
export async function requireSession(db: Db, request: FastifyRequest): Promise<SessionOwner> {
  const token = request.headers.token;
  const session = typeof token === 'string' ? await findSession(db, token) : undefined;
  if (!session) throw unauthorized(token ? 'Session is not valid' : 'Send the token header');
  return session;
}
