import { CompiledQuery } from 'kysely';
import type { BatchFinisher } from '../db/batched-sqlite-driver.js';
import { SQLITE_OWNER, SQLITE_TITLE } from '../db/migrations/0004-search-index.js';

const PENDING = 'note_search_pending';

// Old rows out, in ascending order, then the new text in, numbered after every other note, so
// FTS5 writes what it holds once, when the batch commits. `cross join` keeps the few queued
// ids as the outer loop; the planner, not knowing how few they are, would scan every note.
const CATCH_UP = [
  `delete from note_search where rowid in (
     select d.doc from ${PENDING} p cross join note_search_docs d on d.note_id = p.note_id
     order by d.doc)`,
  `delete from note_search_docs where note_id in (select note_id from ${PENDING})`,
  `insert into note_search_docs (note_id)
     select n.id from ${PENDING} p cross join notes n on n.id = p.note_id
     order by n.time_last_modified, n.change_seq, n.id`,
  `insert into note_search (rowid, owner, title, body)
     select d.doc, ${SQLITE_OWNER('n')}, ${SQLITE_TITLE('n.body')}, n.body
     from ${PENDING} p cross join note_search_docs d on d.note_id = p.note_id
     cross join notes n on n.id = p.note_id
     order by d.doc`,
  `delete from ${PENDING}`,
].map((statement) => CompiledQuery.raw(statement));

const ANY_PENDING = CompiledQuery.raw(`select 1 from ${PENDING} limit 1`);
const HAS_QUEUE = CompiledQuery.raw(
  `select 1 from sqlite_master where type = 'table' and name = '${PENDING}'`,
);

/**
 * Brings the SQLite search index up to date with the notes the triggers queued, inside the
 * transaction about to commit. Before migration 0009 there is no queue, and nothing to do.
 */
export function sqliteIndexCatchUp(): BatchFinisher {
  let queueExists = false;
  return {
    async hasWork(connection) {
      queueExists ||= (await connection.executeQuery(HAS_QUEUE)).rows.length > 0;
      return queueExists && (await connection.executeQuery(ANY_PENDING)).rows.length > 0;
    },
    async finish(connection) {
      for (const statement of CATCH_UP) await connection.executeQuery(statement);
    },
  };
}
