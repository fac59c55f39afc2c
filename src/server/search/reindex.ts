import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { POSTGRES_REBUILD } from '../db/postgres/search-schema.js';
import { SQLITE_REBUILD } from '../db/sqlite/search-schema.js';

/**
 * Rebuilds the search index (the words and their stems) from every note, in one transaction
 * so searches keep answering from the old index meanwhile. Returns how many notes were indexed.
 */
export async function reindexSearch(database: Database): Promise<number> {
  // PostgreSQL: what waits in the queue is indexed by the rebuild. The queue is emptied first,
  // so a note a write queues meanwhile stays queued.
  const statements =
    database.kind === 'postgres'
      ? ['delete from note_search_pending', ...POSTGRES_REBUILD]
      : SQLITE_REBUILD;
  return database.db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx);
    const row = await trx
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  });
}
