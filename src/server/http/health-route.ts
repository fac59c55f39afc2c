import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { BackupTimes } from '../../shared/backup-times.js';
import { readBackupTimes } from '../backup/backup-records.js';
import type { Db } from '../db/schema.js';
import { errorBody } from './error-handler.js';
import { ErrorResponse } from './schemas/api-error.js';

/** A load balancer wants an answer soon; a database slower than this counts as down. */
const DATABASE_ANSWER_MS = 2_000;

const Seconds = Type.Union([Type.Integer(), Type.Null()]);
const HealthyResponse = Type.Object({
  status: Type.Literal('ok'),
  /** Once backups are scheduled or made (docs/deployment.md): when, for a monitor to alert. */
  backup: Type.Optional(Type.Object({ timeLastGood: Seconds, timeLastVerified: Seconds })),
});

/** Backup times to report: none until backups are scheduled or one was made. */
async function backupTimes(db: Db, scheduled: boolean): Promise<BackupTimes | undefined> {
  try {
    const times = await readBackupTimes(db);
    return scheduled || times.timeLastGood !== null ? times : undefined;
  } catch {
    return undefined;
  }
}

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
export function registerHealthRoute(
  app: FastifyInstance,
  options: { db: Db; backupsScheduled: boolean },
): void {
  app.get(
    '/api/health',
    { schema: { response: { 200: HealthyResponse, 503: ErrorResponse } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (await databaseAnswers(options.db)) {
        const backup = await backupTimes(options.db, options.backupsScheduled);
        return { status: 'ok' as const, ...(backup ? { backup } : {}) };
      }
      request.log.warn('health check: the database is not answering');
      return reply.code(503).send(errorBody('unavailable', 'Database is not answering'));
    },
  );
}
