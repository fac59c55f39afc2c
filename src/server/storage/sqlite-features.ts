import { readSqliteAttachmentChunks } from '../attachments/sqlite-attachment-chunks.js';
import type { SqliteConnection } from '../db/connection.js';
import { createMemoryBus } from '../live/memory-bus.js';
import { sqliteChangeClock } from '../notes/sqlite-change-clock.js';
import { sqliteListReader } from '../notes/sqlite-list-reader.js';
import { sqliteNoteWrites } from '../notes/sqlite-note-writes.js';
import { rebuildSearchIndex } from '../search/reindex.js';
import { sqliteCatchUpIndex } from '../search/sqlite-index-catch-up.js';
import { sqliteIndexedText } from '../search/sqlite-indexed-text.js';
import { sqliteSearch } from '../search/sqlite-search.js';
import { SQLITE_REBUILD } from '../search/sqlite-search-schema.js';
import type { DatabaseFeatures } from './database.js';

/** The SQL functions the features' triggers and migrations call on SQLite. */
export const SQLITE_FUNCTIONS = { quire_indexed_text: sqliteIndexedText };

/** Each feature's SQLite half, on an open SQLite database. */
export function sqliteFeatures(connection: SqliteConnection): DatabaseFeatures {
  const { db } = connection;
  return {
    changes: sqliteChangeClock,
    noteWrites: sqliteNoteWrites,
    readList: sqliteListReader(db, connection.openReader),
    search: sqliteSearch(db),
    searchIndex: sqliteCatchUpIndex(db),
    onIndexQueued: (_bus, listener) => connection.onCommit(listener),
    reindexSearch: () => rebuildSearchIndex(db, SQLITE_REBUILD),
    createBus: async () => createMemoryBus(),
    announceSessionsEnded: async () => {},
    readAttachmentChunks: readSqliteAttachmentChunks,
  };
}
