import type { Db } from '../db/schema.js';
import { listNotes } from './note-repository.js';
import { postgresChangeClock } from './postgres-change-clock.js';
import { type ListReader, wholeReader } from './serialized-list.js';

/**
 * A user's list on PostgreSQL, read whole in one query. PostgreSQL stores text escaped (see
 * postgres-text.ts), so its rows go through the repository, which decodes them.
 */
export const postgresListReader = (db: Db): ListReader =>
  wholeReader(db, postgresChangeClock, async (db, userId) =>
    Buffer.from(JSON.stringify({ results: await listNotes(db, userId) })),
  );
