import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { ReadAttachmentChunks } from '../attachments/attachment-chunks.js';
import type { Db } from '../db/schema.js';
import type { BusLog, LiveBus, SessionsEnded } from '../live/live-bus.js';
import type { ChangeClock } from '../notes/change-clock.js';
import type { NoteWrites } from '../notes/note-writes.js';
import type { ListReader } from '../notes/serialized-list.js';
import type { SearchEngine } from '../search/search-engine.js';
import type { CatchUpIndex } from '../search/search-index-keeper.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/** Work that one instance at a time does for all of them. */
export type TurnName = 'scheduled-backup';

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
  /**
   * Runs `work` unless another instance sharing the database runs work under the same name
   * now; resolves undefined then. One instance uses an SQLite file, so it always runs there.
   */
  takeTurn<T>(name: TurnName, work: () => Promise<T>): Promise<T | undefined>;
  /** Reads the rows that hold attachments' bytes when the database keeps them. */
  readAttachmentChunks: ReadAttachmentChunks;
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
