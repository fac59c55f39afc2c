import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { SQLITE_OWNER } from '../db/migrations/0004-search-index.js';
import {
  SQLITE_INDEXED_BODY,
  SQLITE_INDEXED_TITLE,
} from '../db/migrations/0012-search-spaceless-grams.js';
import type { CatchUpIndex } from './search-index-keeper.js';

const PENDING = 'note_search_pending';
const CHOSEN = 'temp.quire_index_catch_up';

// The notes to index this time are chosen into a temporary table first; then old rows out, in
// ascending order, and the new text in, numbered after every other note in the order each was
// last written (a note saved again while it waited keeps its place in the queue, but not its
// age), so FTS5 writes what it holds once, at the commit. `cross join` keeps the few chosen ids
// as the outer loop; the planner, not knowing how few they are, would scan every note.
const CATCH_UP = [
  `delete from note_search where rowid in (
     select d.doc from ${CHOSEN} c cross join note_search_docs d on d.note_id = c.note_id
     order by d.doc)`,
  `delete from note_search_docs where note_id in (select note_id from ${CHOSEN})`,
  `insert into note_search_docs (note_id)
     select n.id from ${CHOSEN} c cross join notes n on n.id = c.note_id
     order by n.user_id, n.change_seq`,
  `insert into note_search (rowid, owner, title, body)
     select d.doc, ${SQLITE_OWNER('n')}, ${SQLITE_INDEXED_TITLE('n.body')},
       ${SQLITE_INDEXED_BODY('n.body')}
     from ${CHOSEN} c cross join note_search_docs d on d.note_id = c.note_id
     cross join notes n on n.id = c.note_id
     order by d.doc`,
  `delete from ${PENDING} where note_id in (select note_id from ${CHOSEN})`,
  `delete from ${CHOSEN}`,
].map((statement) => sql.raw(statement));

/**
 * Indexes up to `limit` of the notes the triggers queued (only `userId`'s, if given; a purged
 * note has no owner left and waits for a catch-up of all), in one transaction. Returns how many
 * it took, so a caller knows whether more wait.
 */
export async function catchUpSqliteIndex(
  db: Db,
  options: { userId?: string; limit: number },
): Promise<number> {
  const { userId, limit } = options;
  return db.transaction().execute(async (trx) => {
    await sql`create temp table if not exists quire_index_catch_up (note_id text primary key)`.execute(
      trx,
    );
    // Longest waiting first, so a backlog goes out in the order it came in.
    const chosen =
      userId === undefined
        ? sql`insert into ${sql.raw(CHOSEN)} select note_id from ${sql.raw(PENDING)}
            order by seq limit ${limit}`
        : sql`insert into ${sql.raw(CHOSEN)} select p.note_id from ${sql.raw(PENDING)} p
            cross join notes n on n.id = p.note_id where n.user_id = ${userId}
            order by p.seq limit ${limit}`;
    const count = Number((await chosen.execute(trx)).numAffectedRows ?? 0);
    if (count > 0) for (const statement of CATCH_UP) await statement.execute(trx);
    return count;
  });
}

/** Whether any note waits to be indexed (only `userId`'s, if given). */
export async function sqliteIndexBehind(db: Db, userId?: string): Promise<boolean> {
  const query =
    userId === undefined
      ? sql`select 1 from ${sql.raw(PENDING)} limit 1`
      : sql`select 1 from ${sql.raw(PENDING)} p cross join notes n on n.id = p.note_id
          where n.user_id = ${userId} limit 1`;
  return (await query.execute(db)).rows.length > 0;
}

/** Pages of segments FTS5 merges in one step of upkeep: a few milliseconds of work. */
const MERGE_PAGES = 200;

/**
 * One step of the merging FTS5 would otherwise do while it takes each chunk of notes (the index
 * has automerge off, migration 0013); true while more remains. FTS5 counts a step that found
 * nothing to merge as fewer than two changes.
 */
export async function mergeSqliteIndex(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changes = async () =>
      Number((await sql<{ n: number }>`select total_changes() as n`.execute(trx)).rows[0]?.n);
    const before = await changes();
    await sql`insert into note_search (note_search, rank) values ('merge', ${MERGE_PAGES})`.execute(
      trx,
    );
    return (await changes()) - before >= 2;
  });
}

/** The SQLite index as the keeper works it off. */
export const sqliteCatchUpIndex = (db: Db): CatchUpIndex => ({
  behind: (userId) => sqliteIndexBehind(db, userId),
  catchUp: (options) => catchUpSqliteIndex(db, options),
  tidy: () => mergeSqliteIndex(db),
});
