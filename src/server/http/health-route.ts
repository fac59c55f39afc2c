import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { errorBody } from './error-handler.js';
import { ErrorResponse } from './schemas/api-error.js';

/** A load balancer wants an answer soon; a database slower than this counts as down. */
const DATABASE_ANSWER_MS = 2_000;

const HealthyResponse = Type.Object({ status: Type.Literal('ok') });

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_ANSWER_MS);
  });
  const query = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `GET /api/health`: for load balancers and monitors; no session, no rate limit. */
export function registerHealthRoute(app: FastifyInstance, options: { db: Db }): void {
  app.get(
    '/api/health',
    { schema: { response: { 200: HealthyResponse, 503: ErrorResponse } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (await databaseAnswers(options.db)) return { status: 'ok' as const };
      request.log.warn('health check: the database is not answering');
      return reply.code(503).send(errorBody('unavailable', 'Database is not answering'));
    },
  );
}
