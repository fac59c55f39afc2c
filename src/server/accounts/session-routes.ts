import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { SessionListResponse } from '../../shared/account-security.js';
import { nowInSeconds } from '../clock.js';
import type { Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import {
  SessionIdParams,
  SessionListResponse as SessionListSchema,
} from '../http/schemas/account-security.js';
import { NoContent } from '../http/schemas/no-content.js';
import type { LiveBus } from '../live/live-bus.js';
import type { Authenticated } from './require-session.js';
import { isSessionExpired, type SessionLifetime } from './session-lifetime.js';
import {
  deleteSessionOfUser,
  deleteSessionsOfUser,
  listSessionsOfUser,
} from './session-repository.js';

export interface SessionRoutesOptions {
  db: Db;
  bus: LiveBus;
  authenticated: Authenticated;
  lifetime: SessionLifetime;
}

/** `GET /api/sessions`, `DELETE /api/sessions/{id}` and `DELETE /api/sessions` (all others). */
export function registerSessionRoutes(app: FastifyInstance, options: SessionRoutesOptions): void {
  const { db, bus, authenticated, lifetime } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/sessions',
    { schema: { response: { 200: SessionListSchema } }, preHandler: authenticated('session') },
    async (request): Promise<SessionListResponse> => {
      const { userId, sessionId } = request.session;
      const now = nowInSeconds();
      const rows = await listSessionsOfUser(db, userId);
      return {
        results: rows
          .filter((row) => !isSessionExpired(row, now, lifetime))
          .map((row) => ({ ...row, current: row.id === sessionId })),
      };
    },
  );

  api.delete(
    '/api/sessions/:id',
    {
      schema: { params: SessionIdParams, response: { 204: NoContent } },
      preHandler: authenticated('session'),
    },
    async (request, reply) => {
      const { userId } = request.session;
      const { id } = request.params;
      if (!(await deleteSessionOfUser(db, userId, id))) throw notFound('No such session');
      await bus.endSessions({ userId, sessionIds: [id], reason: 'ended_elsewhere' });
      return reply.code(204).send(null);
    },
  );

  // "Sign out everywhere else": every session of the user but the one asking.
  api.delete(
    '/api/sessions',
    { schema: { response: { 204: NoContent } }, preHandler: authenticated('session') },
    async (request, reply) => {
      const { userId, sessionId } = request.session;
      await deleteSessionsOfUser(db, userId, sessionId);
      await bus.endSessions({ userId, exceptSessionId: sessionId, reason: 'ended_elsewhere' });
      return reply.code(204).send(null);
    },
  );
}
