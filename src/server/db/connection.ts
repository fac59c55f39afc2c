import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Db } from './schema.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/** Work that one instance at a time does for all of them. */
export type TurnName = 'scheduled-backup';

/**
 * An open database as db/ hands it out: the query layer, its commits and locks, in which SQLite
 * and PostgreSQL differ. Each feature's own part is attached to it in src/server/storage/.
 */
interface OpenConnection {
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
  /**
   * Makes sign-ups take turns until the transaction ends. SQLite runs one writing transaction
   * at a time already.
   */
  lockSignups(trx: Db): Promise<void>;
  /** Makes the user's imports take turns until the transaction ends (as sign-ups do). */
  lockImportsOf(trx: Db, userId: string): Promise<void>;
  /**
   * Runs `work` unless another instance sharing the database runs work under the same name
   * now; resolves undefined then. One instance uses an SQLite file, so it always runs there.
   */
  takeTurn<T>(name: TurnName, work: () => Promise<T>): Promise<T | undefined>;
  /** Changes whenever another process commits to the database file (SQLite only). */
  writesElsewhere?(): number;
}

export interface SqliteConnection extends OpenConnection {
  kind: 'sqlite';
  /**
   * A new read-only connection to the file (none for a database in memory), for a long read
   * that must not hold the writer's connection; the caller closes it.
   */
  openReader?: () => SQLite.Database;
  /** Changes whenever another process commits to the file (SQLite's `data_version`). */
  writesElsewhere(): number;
}

export interface PostgresConnection extends OpenConnection {
  kind: 'postgres';
  /** A connection outside the pool (not yet connected), for LISTEN, which holds it for good. */
  newClient(applicationName: string): pg.Client;
}

export type Connection = SqliteConnection | PostgresConnection;

export interface OpenOptions {
  /** Refuse to create a missing SQLite file (e.g. the source of a copy). */
  mustExist?: boolean;
  /** How long to wait for PostgreSQL to answer before giving up. */
  startupWaitMs?: number;
  /**
   * SQL functions of one value that SQLite's triggers and migrations call, by name; PostgreSQL's
   * are defined by its migrations.
   */
  sqliteFunctions?: Record<string, (value: unknown) => unknown>;
}
