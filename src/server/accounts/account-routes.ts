import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { OidcSignInOption } from '../../shared/sign-in-handoff.js';
import type { Db } from '../db/schema.js';
import { forbidden } from '../domain-errors.js';
import { CLEAR_BROWSER_CACHE } from '../http/clear-browser-cache.js';
import {
  CheckResponse,
  CredentialsRequest,
  PublicConfigResponse,
} from '../http/schemas/account.js';
import { LoginRequest, UnlockRequest } from '../http/schemas/account-security.js';
import { NoContent } from '../http/schemas/no-content.js';
import type { LiveBus } from '../live/live-bus.js';
import {
  type AccountPolicy,
  createAccount,
  isSignupOpen,
  verifyCredentials,
} from './account-service.js';
import type { LoginThrottle } from './login-throttle.js';
import type { Authenticated } from './require-session.js';
import { checkSecondFactor, unlockSecondFactor } from './second-factor.js';
import { deleteSession } from './session-repository.js';
import { clientOf, startSession } from './session-service.js';
import { countUsers } from './user-repository.js';

export interface AccountRoutesOptions {
  db: Db;
  bus: LiveBus;
  authenticated: Authenticated;
  policy: AccountPolicy;
  /** Per-address limit of `@fastify/rate-limit` for the routes that check a password. */
  rateLimit: FastifyContextConfig;
  throttle: LoginThrottle;
  /** What `GET /api/config` reports as the largest note. */
  maxNoteBytes: number;
  /** Sign-in other than by password (OIDC): the button to offer, and whether passwords are off. */
  singleSignOn?: { option: OidcSignInOption; only: boolean };
}

const PASSWORDS_OFF = 'This server signs in through single sign-on only';

const TOKEN_RESPONSE = Type.String({ description: 'The session token, as plain text' });

/** `/api/signup`, `/api/login` (and its unlock), `/api/logout`, `/api/check`, `/api/config`. */
export function registerAccountRoutes(app: FastifyInstance, options: AccountRoutesOptions): void {
  const { db, bus, policy, authenticated, rateLimit, throttle } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const passwordsOff = options.singleSignOn?.only === true;

  /** The password step, throttled per account and client network (login-throttle.ts). */
  async function checkPassword(username: string, password: string, address: string) {
    if (passwordsOff) throw forbidden(PASSWORDS_OFF);
    const account = username.trim().toLowerCase();
    throttle.check(account, address);
    try {
      const user = await verifyCredentials(db, policy, username, password);
      throttle.recordSuccess(account, address);
      return user;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'unauthorized') {
        throttle.recordFailure(account, address);
      }
      throw error;
    }
  }

  api.post(
    '/api/signup',
    { schema: { body: CredentialsRequest, response: { 201: TOKEN_RESPONSE } }, config: rateLimit },
    async (request, reply) => {
      const { username, password } = request.body;
      if (passwordsOff) throw forbidden(PASSWORDS_OFF);
      const user = await createAccount(db, policy, {
        email: username,
        password,
        openSignupOnly: true,
      });
      const token = await startSession(db, user.id, clientOf(request));
      request.log.info({ userId: user.id }, 'account created');
      return reply.code(201).type('text/plain; charset=utf-8').send(token);
    },
  );

  api.post(
    '/api/login',
    { schema: { body: LoginRequest, response: { 200: TOKEN_RESPONSE } }, config: rateLimit },
    async (request, reply) => {
      const { username, password, totp } = request.body;
      const user = await checkPassword(username, password, request.ip);
      await checkSecondFactor(db, user.id, totp);
      const token = await startSession(db, user.id, clientOf(request));
      return reply.type('text/plain; charset=utf-8').send(token);
    },
  );

  api.post(
    '/api/login/unlock',
    { schema: { body: UnlockRequest, response: { 200: TOKEN_RESPONSE } }, config: rateLimit },
    async (request, reply) => {
      const { username, password, recoveryCode } = request.body;
      const user = await checkPassword(username, password, request.ip);
      try {
        await unlockSecondFactor(db, user.id, recoveryCode);
      } catch (error) {
        // Recovery codes are too long to guess, but guessing them is still slowed like passwords.
        if ((error as { code?: unknown }).code === 'invalid_totp') {
          throttle.recordFailure(user.email, request.ip);
        }
        throw error;
      }
      request.log.info({ userId: user.id }, 'two-factor sign-in unlocked');
      const token = await startSession(db, user.id, clientOf(request));
      return reply.type('text/plain; charset=utf-8').send(token);
    },
  );

  api.post(
    '/api/logout',
    { schema: { response: { 204: NoContent } }, preHandler: authenticated('session') },
    async (request, reply) => {
      const { sessionId, userId } = request.session;
      await deleteSession(db, sessionId);
      await bus.endSessions({ userId, sessionIds: [sessionId], reason: 'logged_out' });
      return reply
        .header(...CLEAR_BROWSER_CACHE)
        .code(204)
        .send(null);
    },
  );

  api.get(
    '/api/check',
    { schema: { response: { 200: CheckResponse } }, preHandler: authenticated('any') },
    async (request) => ({ email: request.session.email }),
  );

  api.get('/api/config', { schema: { response: { 200: PublicConfigResponse } } }, async () => ({
    signupOpen: !passwordsOff && (await isSignupOpen(db, policy)),
    firstRun: (await countUsers(db)) === 0,
    maxNoteBytes: options.maxNoteBytes,
    passwordSignIn: !passwordsOff,
    oidc: options.singleSignOn?.option,
  }));
}
