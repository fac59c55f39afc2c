import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

/** Pages per step of SQLite's online backup: the whole file at once (its largest step). */
const ALL_PAGES = 0x7fffffff;

// Plain JavaScript run as the worker's source, so that it needs no build step or loader in any
// of the ways Quire runs (as the WAL checkpointer's worker does).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const source = new Database(workerData.source, { fileMustExist: true });
source.pragma('busy_timeout = 5000');
source
  .backup(workerData.target, { progress: () => workerData.pages })
  .then(() => {
    source.close();
    const copy = new Database(workerData.target, { fileMustExist: true });
    copy.pragma('journal_mode = DELETE');
    const [check] = copy.pragma('quick_check');
    copy.close();
    parentPort.postMessage({ check: check && check.quick_check });
  })
  .catch((error) => {
    source.close();
    parentPort.postMessage({ error: String(error && error.message) });
  });
`;

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Copies an SQLite database, while Quire writes to it, into one self-contained file. SQLite's
 * online backup runs on a worker thread with a connection of its own, in one step: one read
 * of one snapshot, which in WAL mode never blocks a writer, and the event loop stays free.
 * Smaller steps would start over whenever another connection commits between them.
 */
export function backupSqliteFile(source: string, target: string): Promise<void> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver: driverPath, source, target, pages: ALL_PAGES },
  });
  return new Promise<void>((resolve, reject) => {
    worker.once('message', (answer: { check?: string; error?: string }) => {
      if (answer.error !== undefined) reject(new Error(`SQLite backup failed: ${answer.error}`));
      else if (answer.check !== 'ok')
        reject(new Error(`the copy fails its check: ${answer.check}`));
      else resolve();
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the backup worker stopped')));
  });
}

/** Makes an SQLite file whole on its own, with no WAL beside it, as a backup's copy must be. */
export function withoutWal(file: string): void {
  const database = new SQLite(file, { fileMustExist: true });
  try {
    database.pragma('journal_mode = DELETE');
  } finally {
    database.close();
  }
}

/** A query layer over one SQLite file alone, for a copy's checks: no WAL, no writer. */
export function openSqliteCopy(file: string): Kysely<DatabaseSchema> {
  const database = new SQLite(file, { fileMustExist: true });
  return new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database }) });
}
