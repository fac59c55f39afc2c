import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { CheckResponse, CredentialsRequest, PublicConfigResponse } from '../../shared/account.js';
import { CLOSE_UNAUTHORIZED } from '../../shared/live-message.js';
import type { Db } from '../db/database.js';
import type { LiveHub } from '../live/live-hub.js';
import {
  type AccountPolicy,
  createAccount,
  endSession,
  isSignupOpen,
  startSession,
  verifyCredentials,
} from './account-service.js';
import { requireSession } from './require-session.js';

export interface AccountRoutesOptions {
  db: Db;
  hub: LiveHub;
  policy: AccountPolicy;
  /** Login and signup attempts per minute per client address; 0 means unlimited. */
  authRateLimit: number;
}

const TOKEN_RESPONSE = Type.String({ description: 'The session token, as plain text' });

/** `/api/signup`, `/api/login`, `/api/logout`, `/api/check` and `/api/config`. */
export function registerAccountRoutes(app: FastifyInstance, options: AccountRoutesOptions): void {
  const { db, hub, policy } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const rateLimit: FastifyContextConfig =
    options.authRateLimit > 0 ? { rateLimit: { max: options.authRateLimit } } : {};

  api.post(
    '/api/signup',
    { schema: { body: CredentialsRequest, response: { 201: TOKEN_RESPONSE } }, config: rateLimit },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await createAccount(db, policy, {
        email: username,
        password,
        openSignupOnly: true,
      });
      const token = await startSession(db, user.id);
      request.log.info({ userId: user.id }, 'account created');
      return reply.code(201).type('text/plain; charset=utf-8').send(token);
    },
  );

  api.post(
    '/api/login',
    { schema: { body: CredentialsRequest, response: { 200: TOKEN_RESPONSE } }, config: rateLimit },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await verifyCredentials(db, policy, username, password);
      const token = await startSession(db, user.id);
      return reply.type('text/plain; charset=utf-8').send(token);
    },
  );

  api.post('/api/logout', async (request, reply) => {
    const session = await requireSession(db, request);
    await endSession(db, session.sessionId);
    hub.closeSession(session.sessionId, CLOSE_UNAUTHORIZED, 'Logged out');
    return reply.code(204).send();
  });

  api.get('/api/check', { schema: { response: { 200: CheckResponse } } }, async (request) => {
    const session = await requireSession(db, request);
    return { email: session.email };
  });

  api.get('/api/config', { schema: { response: { 200: PublicConfigResponse } } }, async () => ({
    signupOpen: await isSignupOpen(db, policy),
  }));
}
