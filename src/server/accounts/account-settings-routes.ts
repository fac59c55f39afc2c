import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { SessionEndReason } from '../../shared/session-end.js';
import type { Db } from '../db/schema.js';
import {
  AccountResponse,
  PasswordAndSecondFactor,
  PasswordChangeRequest,
  PasswordConfirmation,
  TotpConfirmRequest,
  TotpConfirmResponse,
  TotpSetupResponse,
} from '../http/schemas/account-security.js';
import { NoContent } from '../http/schemas/no-content.js';
import type { LiveBus } from '../live/live-bus.js';
import { checkNewPassword } from './credentials.js';
import type { LoginThrottle } from './login-throttle.js';
import { confirmPassword, confirmSecondFactor } from './password-confirmation.js';
import { hashPassword } from './password-hash.js';
import type { Authenticated } from './require-session.js';
import { beginTotpSetup, confirmTotpSetup, hasTotp, turnOffTotp } from './second-factor.js';
import { deleteSessionsOfUser } from './session-repository.js';
import { deleteUser, updatePasswordHash } from './user-repository.js';

export interface AccountSettingsRoutesOptions {
  db: Db;
  bus: LiveBus;
  authenticated: Authenticated;
  rateLimit: FastifyContextConfig;
  throttle: LoginThrottle;
  scryptCost: number;
  /** Removes what the account kept outside the database (its attachment files), once it is gone. */
  afterAccountDeleted?: (userId: string) => Promise<void>;
}

/** The Account screen's calls: two-factor sign-in, a new password, deleting the account. */
export function registerAccountSettingsRoutes(
  app: FastifyInstance,
  options: AccountSettingsRoutesOptions,
): void {
  const { db, bus, authenticated, throttle } = options;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const guarded = { preHandler: authenticated('session'), config: options.rateLimit };

  api.get(
    '/api/account',
    { schema: { response: { 200: AccountResponse } }, preHandler: authenticated('session') },
    async (request) => ({
      email: request.session.email,
      totpEnabled: await hasTotp(db, request.session.userId),
    }),
  );

  api.post(
    '/api/account/totp',
    { ...guarded, schema: { body: PasswordConfirmation, response: { 200: TotpSetupResponse } } },
    async (request) => {
      const user = await confirmPassword(
        db,
        throttle,
        request.session.userId,
        request.body.password,
        request.ip,
      );
      return beginTotpSetup(db, user);
    },
  );

  // Turning two-factor sign-in on or off ends every other session: a session begun under the
  // old rule (perhaps by whoever knew the password alone) does not outlive it.
  const endOtherSessions = async (userId: string, sessionId: string, reason: SessionEndReason) => {
    await deleteSessionsOfUser(db, userId, sessionId);
    await bus.endSessions({ userId, exceptSessionId: sessionId, reason });
  };

  api.post(
    '/api/account/totp/confirm',
    { ...guarded, schema: { body: TotpConfirmRequest, response: { 200: TotpConfirmResponse } } },
    async (request) => {
      const { userId, email, sessionId } = request.session;
      throttle.check(email, request.ip);
      let recoveryCodes: string[];
      try {
        recoveryCodes = await confirmTotpSetup(db, userId, request.body.code);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'invalid_totp') {
          throttle.recordFailure(email, request.ip);
        }
        throw error;
      }
      await endOtherSessions(userId, sessionId, 'second_factor_on');
      return { recoveryCodes };
    },
  );

  api.delete(
    '/api/account/totp',
    { ...guarded, schema: { body: PasswordAndSecondFactor, response: { 204: NoContent } } },
    async (request, reply) => {
      const { userId, sessionId } = request.session;
      const { password, totp } = request.body;
      const user = await confirmPassword(db, throttle, userId, password, request.ip);
      await confirmSecondFactor(db, throttle, user, totp, request.ip);
      await turnOffTotp(db, userId);
      await endOtherSessions(userId, sessionId, 'second_factor_off');
      return reply.code(204).send(null);
    },
  );

  // A new password ends every other session: whoever knew the old one is signed out.
  api.post(
    '/api/account/password',
    { ...guarded, schema: { body: PasswordChangeRequest, response: { 204: NoContent } } },
    async (request, reply) => {
      const { userId, sessionId } = request.session;
      const { currentPassword, newPassword, totp } = request.body;
      const user = await confirmPassword(db, throttle, userId, currentPassword, request.ip);
      checkNewPassword(newPassword); // before the code, which a refusal would use up for nothing
      await confirmSecondFactor(db, throttle, user, totp, request.ip);
      const hash = await hashPassword(newPassword, options.scryptCost);
      await db.transaction().execute(async (trx) => {
        await updatePasswordHash(trx, userId, hash);
        await deleteSessionsOfUser(trx, userId, sessionId);
      });
      await bus.endSessions({ userId, exceptSessionId: sessionId, reason: 'password_changed' });
      return reply.code(204).send(null);
    },
  );

  // Deleting the account needs the second factor too: a password alone must not lose the notes.
  api.delete(
    '/api/account',
    { ...guarded, schema: { body: PasswordAndSecondFactor, response: { 204: NoContent } } },
    async (request, reply) => {
      const { userId } = request.session;
      const { password, totp } = request.body;
      const user = await confirmPassword(db, throttle, userId, password, request.ip);
      await confirmSecondFactor(db, throttle, user, totp, request.ip);
      await deleteUser(db, userId);
      await bus.endSessions({ userId });
      await options.afterAccountDeleted?.(userId);
      request.log.info({ userId }, 'account deleted');
      return reply.code(204).send(null);
    },
  );
}
