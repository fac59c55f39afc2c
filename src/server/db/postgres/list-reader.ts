import { listNotes } from '../../notes/note-repository.js';
import { type ListReader, wholeReader } from '../../notes/serialized-list.js';
import type { Db } from '../schema.js';
import { postgresChangeClock } from './change-clock.js';

/**
 * A user's list on PostgreSQL, read whole in one query. PostgreSQL stores text escaped (see
 * postgres-text.ts), so its rows go through the repository, which decodes them.
 */
export const postgresListReader = (db: Db): ListReader =>
  wholeReader(db, postgresChangeClock, async (db, userId) =>
    Buffer.from(JSON.stringify({ results: await listNotes(db, userId) })),
  );
