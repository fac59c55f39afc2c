import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type pg from 'pg';
import type { DatabaseLocation } from '../config.js';
import { DatabaseUnavailableError } from './postgres-connection.js';
import { openPostgres } from './postgres-database.js';
import type { DatabaseSchema } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export { DatabaseUnavailableError } from './postgres-connection.js';

export type Db = Kysely<DatabaseSchema>;

interface OpenDatabase {
  db: Db;
  /** Closes every connection; calling it again does nothing. */
  close(): Promise<void>;
}

export interface SqliteDatabase extends OpenDatabase {
  kind: 'sqlite';
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

function openSqlite(file: string, options: OpenOptions): SqliteDatabase {
  if (file !== ':memory:') {
    if (options.mustExist && !fs.existsSync(file)) {
      throw new DatabaseUnavailableError(`no SQLite database at ${file}`);
    }
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; FULL syncs each commit so an acknowledged write
  // survives a crash or power loss; foreign keys keep sessions and notes tied to their user.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/** Opens the configured database. Schema changes are the migrator's job, not this one's. */
export async function openDatabase(
  location: DatabaseLocation,
  options: OpenOptions = {},
): Promise<Database> {
  if (location.kind === 'sqlite') return openSqlite(location.file, options);
  return openPostgres(location.url, options);
}
