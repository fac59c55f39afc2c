import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ApiTokenListResponse, CreateApiTokenResponse } from '../../shared/api-tokens.js';
import { nowInSeconds } from '../clock.js';
import type { Db } from '../db/schema.js';
import { conflict, invalidInput, notFound } from '../domain-errors.js';
import {
  ApiTokenIdParams,
  ApiTokenListResponse as ApiTokenListSchema,
  CreateApiTokenRequest,
  CreateApiTokenResponse as CreateApiTokenSchema,
} from '../http/schemas/api-tokens.js';
import { NoContent } from '../http/schemas/no-content.js';
import type { LiveBus } from '../live/live-bus.js';
import {
  countApiTokensOfUser,
  deleteApiTokenOfUser,
  insertApiToken,
  listApiTokensOfUser,
} from './api-token-repository.js';
import type { LoginThrottle } from './login-throttle.js';
import { confirmPassword } from './password-confirmation.js';
import type { Authenticated } from './require-session.js';
import { hashSessionToken, newApiToken } from './session-token.js';

export interface ApiTokenRoutesOptions {
  db: Db;
  bus: LiveBus;
  authenticated: Authenticated;
  rateLimit: FastifyContextConfig;
  throttle: LoginThrottle;
}

/** Enough for every script one person runs; a runaway loop of creations stops here. */
export const MAX_TOKENS_PER_ACCOUNT = 100;

/**
 * `GET /api/tokens`, `POST /api/tokens` and `DELETE /api/tokens/{id}`: the Account screen's
 * personal API tokens. Only a signed-in session manages them, never a token.
 */
export function registerApiTokenRoutes(app: FastifyInstance, options: ApiTokenRoutesOptions) {
  const { db, bus, authenticated, throttle } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/tokens',
    { schema: { response: { 200: ApiTokenListSchema } }, preHandler: authenticated('session') },
    async (request): Promise<ApiTokenListResponse> => ({
      results: await listApiTokensOfUser(db, request.session.userId),
    }),
  );

  // The password confirms it: a stolen session alone cannot leave a lasting way in behind.
  api.post(
    '/api/tokens',
    {
      schema: { body: CreateApiTokenRequest, response: { 201: CreateApiTokenSchema } },
      preHandler: authenticated('session'),
      config: options.rateLimit,
    },
    async (request, reply) => {
      const { userId } = request.session;
      const { name, scopes, timeExpires, password } = request.body;
      const now = nowInSeconds();
      if (name.trim() === '') throw invalidInput('Give the token a name');
      if (timeExpires !== null && timeExpires <= now) {
        throw invalidInput('The expiry date must be in the future');
      }
      await confirmPassword(db, throttle, userId, password, request.ip);
      if ((await countApiTokensOfUser(db, userId)) >= MAX_TOKENS_PER_ACCOUNT) {
        throw conflict(
          `An account holds at most ${MAX_TOKENS_PER_ACCOUNT} tokens; revoke one first`,
        );
      }
      const token = newApiToken();
      const created: CreateApiTokenResponse = {
        id: randomUUID(),
        name: name.trim(),
        scopes,
        timeCreated: now,
        timeExpires,
        timeLastUsed: null,
        token,
      };
      await insertApiToken(db, { ...created, userId, tokenHash: hashSessionToken(token) });
      request.log.info({ userId, tokenId: created.id, scopes }, 'API token created');
      return reply.code(201).send(created);
    },
  );

  // Revoked at once on every instance: the bus tells each to forget it and close its sockets.
  api.delete(
    '/api/tokens/:id',
    {
      schema: { params: ApiTokenIdParams, response: { 204: NoContent } },
      preHandler: authenticated('session'),
    },
    async (request, reply) => {
      const { userId } = request.session;
      const { id } = request.params;
      if (!(await deleteApiTokenOfUser(db, userId, id))) throw notFound('No such token');
      await bus.endSessions({ userId, sessionIds: [id] });
      request.log.info({ userId, tokenId: id }, 'API token revoked');
      return reply.code(204).send(null);
    },
  );
}
