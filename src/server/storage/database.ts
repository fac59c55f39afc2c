import type { ReadAttachmentChunks } from '../attachments/attachment-chunks.js';
import type { PostgresConnection, SqliteConnection } from '../db/connection.js';
import type { BusLog, LiveBus, SessionsEnded } from '../live/live-bus.js';
import type { ChangeClock } from '../notes/change-clock.js';
import type { NoteWrites } from '../notes/note-writes.js';
import type { ListReader } from '../notes/serialized-list.js';
import type { SearchEngine } from '../search/search-engine.js';
import type { CatchUpIndex } from '../search/search-index-keeper.js';

/**
 * Each feature's part of the open database, made its own way on SQLite and on PostgreSQL: the
 * rest of the server asks it and never looks at which one it is.
 */
export interface DatabaseFeatures {
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
  /** Reads the rows that hold attachments' bytes when the database keeps them. */
  readAttachmentChunks: ReadAttachmentChunks;
}

export interface SqliteDatabase extends SqliteConnection, DatabaseFeatures {}

export interface PostgresDatabase extends PostgresConnection, DatabaseFeatures {}

/** An open database (db/connection.ts) with every feature's part for its kind attached. */
export type Database = SqliteDatabase | PostgresDatabase;
