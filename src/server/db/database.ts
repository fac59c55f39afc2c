import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type pg from 'pg';
import type { DatabaseLocation } from '../config.js';
import type { LiveBus, SessionsEnded } from '../live/live-bus.js';
import { createMemoryBus } from '../live/memory-bus.js';
import type { BusLog } from '../live/postgres-bus.js';
import type { ListReader } from '../notes/serialized-list.js';
import { rebuildSearchIndex } from '../search/reindex.js';
import type { SearchEngine } from '../search/search-engine.js';
import type { CatchUpIndex } from '../search/search-index-keeper.js';
import { indexedText } from '../search/spaceless-grams.js';
import { BatchedSqliteDriver } from './batched-sqlite-driver.js';
import type { ChangeClock } from './change-clock.js';
import { ownHandle } from './database-of.js';
import type { NoteWrites } from './note-writes.js';
import { DatabaseUnavailableError } from './postgres-connection.js';
import { openPostgres } from './postgres-database.js';
import type { DatabaseSchema } from './schema.js';
import { sqliteChangeClock } from './sqlite/change-clock.js';
import { sqliteCatchUpIndex } from './sqlite/index-catch-up.js';
import { sqliteListReader } from './sqlite/list-reader.js';
import { sqliteNoteWrites } from './sqlite/note-writes.js';
import { sqliteSearch } from './sqlite/search.js';
import { SQLITE_REBUILD } from './sqlite/search-schema.js';
import { withStatementCache } from './statement-cache.js';
import { WalCheckpointer } from './wal-checkpointer.js';
import { WalGroupSync } from './wal-group-sync.js';

export { DatabaseUnavailableError } from './postgres-connection.js';

export type Db = Kysely<DatabaseSchema>;

export type DatabaseKind = 'sqlite' | 'postgres';

/**
 * An open database, and everything in which SQLite and PostgreSQL differ: the rest of the
 * server asks it and never looks at which one it is.
 */
interface OpenDatabase {
  kind: DatabaseKind;
  /**
   * The query layer. A write (a transaction, or a statement on its own) resolves once committed;
   * on SQLite, writes that arrive together share one commit (batched-sqlite-driver.ts).
   */
  db: Db;
  /**
   * Resolves once every commit made before the call survives a power cut: writes wait for it
   * before they answer. PostgreSQL commits are durable already.
   */
  synced(): Promise<void>;
  /**
   * Calls `listener` after each commit that may have changed data (SQLite; PostgreSQL keeps its
   * index inside its own transactions); returns `unsubscribe`.
   */
  onCommit(listener: () => void): () => void;
  /** Closes every connection; calling it again does nothing. */
  close(): Promise<void>;
  /** What changed since a cursor, and the change numbers that order a user's changes. */
  changes: ChangeClock;
  /** The writes of a note that take a change number or hold its row. */
  noteWrites: NoteWrites;
  /** Reads a user's whole list as bytes, with the cursor it was read at. */
  readList: ListReader;
  /** Finds a user's notes, best first. */
  search: SearchEngine;
  /** The search index's queue of changed notes, as its keeper works it off. */
  searchIndex: CatchUpIndex;
  /**
   * Calls `listener` whenever notes may have joined the index's queue; returns `unsubscribe`.
   * SQLite hears of its commits; on PostgreSQL the live bus carries every instance's changes
   * (each instance may take a share of the queue).
   */
  onIndexQueued(bus: LiveBus, listener: () => void): () => void;
  /** Rebuilds the search index from every note; returns how many were indexed. */
  reindexSearch(): Promise<number>;
  /**
   * The live bus: one instance on SQLite fans out in process; on PostgreSQL any number of
   * instances may share the database, so events travel through it.
   */
  createBus(log?: BusLog): Promise<LiveBus>;
  /**
   * Tells running servers of sessions a command ended. Servers on PostgreSQL hear at once and
   * close their sockets; on SQLite the server is another process with no channel to it, and
   * its periodic sweep does the same.
   */
  announceSessionsEnded(ended: SessionsEnded): Promise<void>;
  /**
   * Makes sign-ups take turns until the transaction ends. SQLite runs one writing transaction
   * at a time already.
   */
  lockSignups(trx: Db): Promise<void>;
  /** Makes the user's imports take turns until the transaction ends (as sign-ups do). */
  lockImportsOf(trx: Db, userId: string): Promise<void>;
  /** Changes whenever another process commits to the database file (SQLite only). */
  writesElsewhere?(): number;
}

export interface SqliteDatabase extends OpenDatabase {
  kind: 'sqlite';
  /**
   * A new read-only connection to the file (none for a database in memory), for a long read
   * that must not hold the writer's connection; the caller closes it.
   */
  openReader?: () => SQLite.Database;
  /** Changes whenever another process commits to the file (SQLite's `data_version`). */
  writesElsewhere(): number;
}

export interface PostgresDatabase extends OpenDatabase {
  kind: 'postgres';
  /** A connection outside the pool (not yet connected), for LISTEN, which holds it for good. */
  newClient(applicationName: string): pg.Client;
}

export type Database = SqliteDatabase | PostgresDatabase;

export interface OpenOptions {
  /** Refuse to create a missing SQLite file (e.g. the source of a copy). */
  mustExist?: boolean;
  /** How long to wait for PostgreSQL to answer before giving up. */
  startupWaitMs?: number;
}

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

function openSqlite(file: string, options: OpenOptions): SqliteDatabase {
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
  // What the search index adds for Chinese and Japanese text (migration 0012).
  sqlite.function('quire_indexed_text', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? indexedText(text) : text,
  );
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
  const dataVersion = sqlite.prepare<[], number>('pragma data_version').pluck();
  return ownHandle<SqliteDatabase>({
    db,
    kind: 'sqlite',
    writesElsewhere: () => dataVersion.get() as number,
    ...(file === ':memory:' ? {} : { openReader }),
    synced: async () => wal?.synced(),
    onCommit: (listener) => driver.onCommit(listener),
    close: async () => {
      await checkpointer?.close();
      await wal?.close();
      await db.destroy();
    },
    changes: sqliteChangeClock,
    noteWrites: sqliteNoteWrites,
    readList: sqliteListReader(db, file === ':memory:' ? undefined : openReader),
    search: sqliteSearch(db),
    searchIndex: sqliteCatchUpIndex(db),
    onIndexQueued: (_bus, listener) => driver.onCommit(listener),
    reindexSearch: () => rebuildSearchIndex(db, SQLITE_REBUILD),
    createBus: async () => createMemoryBus(),
    announceSessionsEnded: async () => {},
    lockSignups: async () => {},
    lockImportsOf: async () => {},
  });
}

/** Opens the configured database. Schema changes are the migrator's job, not this one's. */
export async function openDatabase(
  location: DatabaseLocation,
  options: OpenOptions = {},
): Promise<Database> {
  if (location.kind === 'sqlite') return openSqlite(location.file, options);
  return openPostgres(location.url, options);
}
