import { setTimeout as sleep } from 'node:timers/promises';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { PostgresConnection } from '../connection.js';
import {
  connectionFailureReason,
  DatabaseUnavailableError,
  describePostgresUrl,
  isPermanentConnectionFailure,
  postgresClientConfig,
} from '../postgres-connection.js';
import { PostgresTextPlugin } from '../postgres-text.js';
import type { DatabaseSchema } from '../schema.js';
import { answerBinaryCopies } from './binary-copy.js';
import { lockPostgresImportsOf, lockPostgresSignups, takePostgresTurn } from './locks.js';

const POOL_SIZE = 10;
const IDLE_TIMEOUT_MS = 30_000;
/** How long start-up waits for PostgreSQL to answer, e.g. while it is still starting. */
export const DEFAULT_STARTUP_WAIT_MS = 10_000;

/** Retries `select 1` with growing pauses until it answers, the wait is over, or it never can. */
async function waitUntilAnswering(pool: pg.Pool, url: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (let pause = 100; ; pause = Math.min(pause * 2, 2_000)) {
    try {
      await pool.query('select 1');
      return;
    } catch (error) {
      const left = deadline - Date.now();
      if (isPermanentConnectionFailure(error) || left <= 0) {
        throw new DatabaseUnavailableError(
          `cannot reach PostgreSQL at ${describePostgresUrl(url)}: ${connectionFailureReason(error)}`,
        );
      }
      await sleep(Math.min(pause, left));
    }
  }
}

/** Opens a pool on PostgreSQL, once it answers; the same Kysely query layer as on SQLite. */
export async function openPostgres(
  url: string,
  options: { startupWaitMs?: number } = {},
): Promise<PostgresConnection> {
  const pool = new pg.Pool({
    ...postgresClientConfig(url, 'quire'),
    max: POOL_SIZE,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
  });
  // An idle connection that breaks (e.g. PostgreSQL restarts) is dropped from the pool and the
  // next query opens a new one; without a listener the error would end the process.
  pool.on('error', () => {});
  answerBinaryCopies(pool);
  try {
    await waitUntilAnswering(pool, url, options.startupWaitMs ?? DEFAULT_STARTUP_WAIT_MS);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new PostgresTextPlugin()],
  });
  const newClient = (applicationName: string) =>
    new pg.Client(postgresClientConfig(url, applicationName));
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    synced: () => Promise.resolve(),
    onCommit: () => () => {},
    newClient,
    close: () => {
      closing ??= db.destroy();
      return closing;
    },
    lockSignups: lockPostgresSignups,
    lockImportsOf: lockPostgresImportsOf,
    takeTurn: (name, work) => takePostgresTurn(db, name, work),
  };
}
