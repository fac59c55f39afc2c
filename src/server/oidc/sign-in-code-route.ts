import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { clientOf, startSession } from '../accounts/session-service.js';
import type { Db } from '../db/schema.js';
import { unauthorized } from '../domain-errors.js';
import { clearHandoffCookie, readHandoffCookie } from './flow-cookies.js';
import { redeemSignInCode } from './sign-in-codes.js';

const SignInCodeRequest = Type.Object(
  {
    /** A code from `quire user login-link`; without it, the one the provider's sign-in left. */
    code: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: false },
);

/**
 * `POST /api/login/code` spends a single-use sign-in code and answers with a session token as
 * plain text, exactly as `POST /api/login` does, so the web app keeps it the same way.
 */
export function registerSignInCodeRoute(
  app: FastifyInstance,
  options: { db: Db; rateLimit: FastifyContextConfig },
): void {
  const { db, rateLimit } = options;
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/login/code',
    {
      schema: { body: SignInCodeRequest, response: { 200: Type.String() } },
      config: rateLimit,
    },
    async (request, reply) => {
      const code = request.body.code ?? readHandoffCookie(request);
      reply.header('set-cookie', clearHandoffCookie(request));
      const userId = code ? await redeemSignInCode(db, code) : undefined;
      if (!userId) throw unauthorized('This sign-in link has expired or was used already');
      const token = await startSession(db, userId, clientOf(request));
      request.log.info({ userId }, 'signed in with a one-time code');
      return reply.type('text/plain; charset=utf-8').send(token);
    },
  );
}
