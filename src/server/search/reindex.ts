import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

/**
 * Rebuilds the search index (the words and their stems) from every note with the database's
 * own `statements`, in one transaction so searches keep answering from the old index meanwhile.
 * Returns how many notes were indexed.
 */
export async function rebuildSearchIndex(db: Db, statements: readonly string[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx);
    const row = await trx
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  });
}
