import { sql } from 'kysely';
import { escapePostgresText } from '../db/postgres-text.js';
import type { Db } from '../db/schema.js';
import { POSTGRES_COLUMNS, POSTGRES_ROW, POSTGRES_UPSERT } from './postgres-search-schema.js';
import type { CatchUpIndex } from './search-index-keeper.js';
import { withOnlyTagHashes } from './tag-hashes.js';

/**
 * Indexes up to `limit` of the notes the trigger queued (only `userId`'s, if given), oldest
 * first, in one transaction; returns how many it took off the queue. The background catch-up
 * skips entries another instance (or a write not yet committed) holds; a search's own
 * catch-up waits for them, so it never misses a save that was answered.
 *
 * The notes are read by later statements, whose snapshot sees every write that queued them: a
 * write that queues a note again after this took it waits for this to commit. A note deleted
 * since leaves the index.
 */
export async function catchUpPostgresIndex(
  db: Db,
  options: { userId?: string; limit: number },
): Promise<number> {
  const { userId, limit } = options;
  const lock = userId === undefined ? sql`for update skip locked` : sql`for update`;
  const mine = userId === undefined ? sql`` : sql`where user_id = ${userId}`;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ note_id: string }>`
      delete from note_search_pending where note_id in (
        select note_id from note_search_pending ${mine} order by seq limit ${limit} ${lock})
      returning note_id`.execute(trx);
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.note_id);
    await sql`delete from note_search s where s.note_id = any(${ids})
      and not exists (select 1 from notes n where n.id = s.note_id)`.execute(trx);
    // A `#` starts a tag only where the Markdown reader says so; the others become spaces here.
    const { rows: hashed } = await sql<{ id: string; body: string }>`
      select id, body from notes where id = any(${ids}) and position('#' in body) > 0`.execute(trx);
    const read = hashed.map((note) => ({ id: note.id, text: withOnlyTagHashes(note.body) }));
    // Arrays pass the text plugin by: their strings are escaped here, as stored text is.
    const readIds = read.map((note) => note.id);
    const texts = read.map((note) => escapePostgresText(note.text));
    await sql`
      insert into note_search (${sql.raw(POSTGRES_COLUMNS)})
      select ${sql.raw(POSTGRES_ROW('n', 'coalesce(r.text, n.body)'))} from notes n
      left join unnest(${readIds}::text[], ${texts}::text[]) as r(id, text) on r.id = n.id
      where n.id = any(${ids})
      ${sql.raw(POSTGRES_UPSERT)}`.execute(trx);
    return rows.length;
  });
}

/** Whether any note waits to be indexed (only `userId`'s, if given). */
export async function postgresIndexBehind(db: Db, userId?: string): Promise<boolean> {
  const mine = userId === undefined ? sql`` : sql`where user_id = ${userId}`;
  const { rows } = await sql`select 1 from note_search_pending ${mine} limit 1`.execute(db);
  return rows.length > 0;
}

/** The PostgreSQL index as the keeper works it off. */
export const postgresCatchUpIndex = (db: Db): CatchUpIndex => ({
  behind: (userId) => postgresIndexBehind(db, userId),
  catchUp: (options) => catchUpPostgresIndex(db, options),
});
