import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { BatchedSqliteDriver } from '../batched-sqlite-driver.js';
import type { OpenOptions, SqliteConnection } from '../connection.js';
import { DatabaseUnavailableError } from '../postgres-connection.js';
import type { DatabaseSchema } from '../schema.js';
import { withStatementCache } from '../statement-cache.js';
import { WalCheckpointer } from '../wal-checkpointer.js';
import { WalGroupSync } from '../wal-group-sync.js';
import { dataVersionReader } from './data-version.js';

/** The WAL's size in pages at which a commit copies it back itself, if the worker falls behind. */
const BACKSTOP_CHECKPOINT_PAGES = 16_384;
const SQLITE_DEFAULT_CHECKPOINT_PAGES = 1_000;

/** Checkpoints leave the event loop for a worker; the writer takes them back if it fails. */
function backgroundCheckpoints(sqlite: SQLite.Database, file: string): WalCheckpointer {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  return new WalCheckpointer(file, {
    onFailure: (error) => {
      sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_CHECKPOINT_PAGES}`);
      process.emitWarning(`WAL checkpoints are back in the writer: ${error.message}`);
    },
  });
}

export function openSqlite(file: string, options: OpenOptions): SqliteConnection {
  if (file !== ':memory:') {
    if (options.mustExist && !fs.existsSync(file)) {
      throw new DatabaseUnavailableError(`no SQLite database at ${file}`);
    }
    // Password hashes, TOTP secrets and every note: readable by Quire's user alone. SQLite gives
    // the WAL and shared-memory files the database file's mode.
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
    if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', 0o600));
  }
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer. NORMAL commits without an fsync (a commit survives
  // the process being killed); writes then wait for a shared fsync of the WAL, off the event
  // loop, so an answered write survives a power cut too. Foreign keys tie rows to their user.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('temp_store = MEMORY');
  sqlite.prepare('select count(*) from sqlite_master').get(); // opens (creates) the WAL
  // Before any statement: the features' triggers and migrations call them.
  for (const [name, fn] of Object.entries(options.sqliteFunctions ?? {})) {
    sqlite.function(name, { deterministic: true }, fn);
  }
  const wal = file === ':memory:' ? undefined : new WalGroupSync(file);
  wal?.prepare();
  const checkpointer = file === ':memory:' ? undefined : backgroundCheckpoints(sqlite, file);
  const driver = new BatchedSqliteDriver({ database: withStatementCache(sqlite) });
  if (checkpointer) driver.onCommit(() => checkpointer.committed());
  const db = new Kysely<DatabaseSchema>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  const openReader = () => {
    const reader = new SQLite(file, { readonly: true, fileMustExist: true });
    reader.pragma('busy_timeout = 5000');
    return reader;
  };
  const writesElsewhere = dataVersionReader(
    sqlite.prepare<[], number>('pragma data_version').pluck(),
  );
  return {
    db,
    kind: 'sqlite',
    writesElsewhere,
    ...(file === ':memory:' ? {} : { openReader }),
    synced: async () => wal?.synced(),
    onCommit: (listener) => driver.onCommit(listener),
    close: async () => {
      await checkpointer?.close();
      await wal?.close();
      await db.destroy();
    },
    lockSignups: async () => {},
    lockImportsOf: async () => {},
    takeTurn: (_name, work) => work(),
  };
}
