import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import type { CatchUpIndex } from './search-index-keeper.js';
import {
  SQLITE_INDEXED_BODY,
  SQLITE_INDEXED_TITLE,
  SQLITE_OWNER,
  SQLITE_STEM_OWNER,
} from './sqlite-search-schema.js';

const PENDING = 'note_search_pending';
const CHOSEN = 'temp.quire_index_catch_up';

// The notes to index this time are chosen into a temporary table first; then old rows out, in
// ascending order, and the new text in, numbered after every other note in the order each was
// last written (a note saved again while it waited keeps its place in the queue, but not its
// age), so FTS5 writes what it holds once, at the commit. `cross join` keeps the few chosen ids
// as the outer loop; the planner, not knowing how few they are, would scan every note.
// Both indexes, the words as written and their stems, take the same docs.
const REMOVE = (table: string) => `delete from ${table} where rowid in (
  select d.doc from ${CHOSEN} c cross join note_search_docs d on d.note_id = c.note_id
  order by d.doc)`;
const ADD = (table: string, owner: string) => `insert into ${table} (rowid, owner, title, body)
  select d.doc, ${owner}, ${SQLITE_INDEXED_TITLE('n.body')}, ${SQLITE_INDEXED_BODY('n.body')}
  from ${CHOSEN} c cross join note_search_docs d on d.note_id = c.note_id
  cross join notes n on n.id = c.note_id
  order by d.doc`;

const CATCH_UP = [
  REMOVE('note_search'),
  REMOVE('note_search_stem'),
  `delete from note_search_docs where note_id in (select note_id from ${CHOSEN})`,
  `insert into note_search_docs (note_id)
     select n.id from ${CHOSEN} c cross join notes n on n.id = c.note_id
     order by n.user_id, n.change_seq`,
  ADD('note_search', SQLITE_OWNER('n')),
  ADD('note_search_stem', SQLITE_STEM_OWNER('n')),
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
 * One step of the merging FTS5 would otherwise do while it takes each chunk of notes, in each
 * index (both have automerge off, migrations 0013 and 0022); true while more remains. FTS5 counts a step that found
 * nothing to merge as fewer than two changes.
 */
export async function mergeSqliteIndex(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changes = async () =>
      Number((await sql<{ n: number }>`select total_changes() as n`.execute(trx)).rows[0]?.n);
    let more = false;
    for (const table of ['note_search', 'note_search_stem'].map(sql.raw)) {
      const before = await changes();
      await sql`insert into ${table} (${table}, rank) values ('merge', ${MERGE_PAGES})`.execute(
        trx,
      );
      if ((await changes()) - before >= 2) more = true;
    }
    return more;
  });
}

/** The SQLite index as the keeper works it off. */
export const sqliteCatchUpIndex = (db: Db): CatchUpIndex => ({
  behind: (userId) => sqliteIndexBehind(db, userId),
  catchUp: (options) => catchUpSqliteIndex(db, options),
  tidy: () => mergeSqliteIndex(db),
});
