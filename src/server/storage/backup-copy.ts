import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BackupError } from '../backup/backup-error.js';
import {
  dumpSnapshot,
  inExportedSnapshot,
  pgDumpInstalled,
  postgresIsEmpty,
  restoreDump,
  withScratchDatabase,
} from '../backup/postgres-backup.js';
import { backupSqliteFile, openSqliteCopy, withoutWal } from '../backup/sqlite-backup.js';
import {
  type AnyDb,
  copyTableRows,
  countRows,
  OTHER_KEYS,
  tableBatches,
} from '../db/copied-tables.js';
import type { DatabaseLocation } from '../db/location.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Db } from '../db/schema.js';
import type { Database } from './database.js';
import { openDatabase } from './open-database.js';

// How each database is copied into a backup, brought back from one, and restored into a
// scratch database for a backup's check.

/** What the database file of a backup holds: an SQLite database, or a `pg_dump` archive. */
export type BackupFormat = 'sqlite' | 'pg_dump';
export const BACKUP_FORMATS: readonly BackupFormat[] = ['sqlite', 'pg_dump'];

export const BACKUP_FILE_NAMES: Record<BackupFormat, string> = {
  sqlite: 'database.sqlite',
  pg_dump: 'database.pgdump',
};

export interface DatabaseCopy<T> {
  format: BackupFormat;
  /** The file's name inside the backup's folder. */
  fileName: string;
  /** What `readCopy` read from exactly the moment the copy holds. */
  described: T;
}

/**
 * Writes a consistent copy of the database, as it is at one moment, into `dir`, while writers
 * go on; `readCopy` reads that same moment (counts, checksums) for the manifest.
 */
export async function copyDatabaseInto<T>(
  database: Database,
  location: DatabaseLocation,
  dir: string,
  readCopy: (db: Db) => Promise<T>,
): Promise<DatabaseCopy<T>> {
  if (location.kind === 'sqlite') {
    if (location.file === ':memory:') throw new BackupError('a database in memory has no backup');
    const fileName = BACKUP_FILE_NAMES.sqlite;
    const file = path.join(dir, fileName);
    await backupSqliteFile(location.file, file);
    const copy = openSqliteCopy(file);
    try {
      return { format: 'sqlite', fileName, described: await readCopy(copy) };
    } finally {
      await copy.destroy();
    }
  }
  if (!(await pgDumpInstalled())) {
    const fileName = BACKUP_FILE_NAMES.sqlite;
    const file = path.join(dir, fileName);
    await exportIntoSqlite(database, file);
    const copy = openSqliteCopy(file);
    try {
      return { format: 'sqlite', fileName, described: await readCopy(copy) };
    } finally {
      await copy.destroy();
    }
  }
  const fileName = BACKUP_FILE_NAMES.pg_dump;
  const file = path.join(dir, fileName);
  return inExportedSnapshot(database.db, async (snapshot, trx) => {
    // The snapshot stays exported until both have read it, whichever fails.
    const [dumped, described] = await Promise.allSettled([
      dumpSnapshot(location.url, snapshot, file),
      readCopy(trx),
    ]);
    if (dumped.status === 'rejected') throw dumped.reason;
    if (described.status === 'rejected') throw described.reason;
    return { format: 'pg_dump', fileName, described: described.value };
  });
}

/**
 * Quire's own logical export, where `pg_dump` is missing: every row of one REPEATABLE READ
 * snapshot, as `quire db copy` copies them, into a new SQLite file, the same backup an SQLite
 * database makes. Attachments' bytes kept in the database go with their rows.
 */
async function exportIntoSqlite(source: Database, file: string): Promise<void> {
  const target = await openDatabase({ kind: 'sqlite', file });
  try {
    await migrateToLatest(target.db);
    await source.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (sourceTrx) => {
        const from = sourceTrx as unknown as AnyDb;
        const counts = await countRows(from);
        await target.db.transaction().execute(async (targetTrx) => {
          const to = targetTrx as unknown as AnyDb;
          await copyTableRows(from, to, counts, { progress: () => {} });
          const keys = OTHER_KEYS.attachment_chunks;
          for await (const rows of tableBatches(from, 'attachment_chunks', keys)) {
            await to.insertInto('attachment_chunks').values(rows).execute();
          }
          await target.changes.continueAfterCopy(targetTrx);
        });
      });
  } finally {
    await target.close();
  }
  withoutWal(file);
}

/**
 * Restores a backup's database file into a scratch database, runs `read` on it, and removes
 * it: a temporary SQLite file, or for a dump a scratch database on the configured server.
 */
export async function inScratchDatabase<T>(
  format: BackupFormat,
  file: string,
  configured: DatabaseLocation,
  read: (db: Db) => Promise<T>,
): Promise<T> {
  if (format === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-scratch-'));
    try {
      const scratch = path.join(dir, 'restored.sqlite');
      await fs.promises.copyFile(file, scratch);
      const db = openSqliteCopy(scratch);
      try {
        return await read(db);
      } finally {
        await db.destroy();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (configured.kind !== 'postgres') {
    throw new BackupError(
      'this backup is a PostgreSQL dump: its check restores it on a PostgreSQL server, so set DATABASE_URL to one (a scratch database is made there and dropped)',
    );
  }
  const server = await openDatabase(configured);
  try {
    return await withScratchDatabase(server.db, configured.url, async (url) => {
      await restoreDump(url, file);
      const scratch = await openDatabase({ kind: 'postgres', url });
      try {
        return await read(scratch.db);
      } finally {
        await scratch.close();
      }
    });
  } finally {
    await server.close();
  }
}

/** Why a location cannot take a restore, or undefined when it holds no database yet. */
export async function whyNotEmpty(location: DatabaseLocation): Promise<string | undefined> {
  if (location.kind === 'sqlite') {
    const file = path.resolve(location.file);
    const held = [file, `${file}-wal`].filter((f) => fs.existsSync(f) && fs.statSync(f).size > 0);
    return held.length > 0 ? `${location.file} already holds a database` : undefined;
  }
  const database = await openDatabase(location);
  try {
    return (await postgresIsEmpty(database.db)) ? undefined : 'the database already has tables';
  } finally {
    await database.close();
  }
}

/** Brings a backup's database file back into an empty location of the same kind. */
export async function restoreDatabaseFile(
  format: BackupFormat,
  file: string,
  location: DatabaseLocation,
): Promise<void> {
  if (format === 'sqlite' && location.kind === 'sqlite') {
    const target = path.resolve(location.file);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await fs.promises.copyFile(file, partial);
      await fs.promises.chmod(partial, 0o600);
      await fs.promises.rename(partial, target);
    } finally {
      fs.rmSync(partial, { force: true });
    }
    return;
  }
  if (format === 'pg_dump' && location.kind === 'postgres') {
    await restoreDump(location.url, file);
    return;
  }
  throw new BackupError(
    format === 'sqlite'
      ? 'this backup holds an SQLite database: restore it into an SQLite file (DATABASE_URL), then "quire db copy" can move it to PostgreSQL'
      : 'this backup is a PostgreSQL dump: set DATABASE_URL to an empty PostgreSQL database to restore it',
  );
}
