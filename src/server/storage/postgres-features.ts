import { readPostgresAttachmentChunks } from '../attachments/postgres-attachment-chunks.js';
import type { PostgresConnection } from '../db/connection.js';
import { createPostgresBus, notifySessionsEnded } from '../live/postgres-bus.js';
import { postgresChangeClock } from '../notes/postgres-change-clock.js';
import { postgresListReader } from '../notes/postgres-list-reader.js';
import { postgresNoteWrites } from '../notes/postgres-note-writes.js';
import { postgresCatchUpIndex } from '../search/postgres-index-catch-up.js';
import { postgresSearch } from '../search/postgres-search.js';
import { POSTGRES_REBUILD } from '../search/postgres-search-schema.js';
import { rebuildSearchIndex } from '../search/reindex.js';
import type { DatabaseFeatures } from './database.js';

/** Each feature's PostgreSQL half, on an open PostgreSQL database. */
export function postgresFeatures(connection: PostgresConnection): DatabaseFeatures {
  const { db, newClient } = connection;
  return {
    changes: postgresChangeClock,
    noteWrites: postgresNoteWrites,
    readList: postgresListReader(db),
    search: postgresSearch(db),
    searchIndex: postgresCatchUpIndex(db),
    onIndexQueued: (bus, listener) => bus.subscribe({ onChange: listener, onResync: listener }),
    // What waits in the queue is indexed by the rebuild. The queue is emptied first, so a note
    // a write queues meanwhile stays queued.
    reindexSearch: () =>
      rebuildSearchIndex(db, ['delete from note_search_pending', ...POSTGRES_REBUILD]),
    createBus: (log) => createPostgresBus({ db, newClient, log }),
    announceSessionsEnded: (ended) => notifySessionsEnded(db, ended),
    readAttachmentChunks: readPostgresAttachmentChunks,
  };
}
