import type { Kysely } from 'kysely';
import { isPostgres, run } from './dialect.js';

// Quire reads Markdown with one reader (src/shared/markdown/): no tag in code, a colour, a
// link's heading, an address or the properties, and links found as the editor finds them.
// SQLite's search index is rebuilt here, so its `#word` tokens are the tags that reader finds
// (`quire_indexed_text`). The link index needs the reader itself, which a migration cannot
// hold: it is asked for in `index_rebuilds`, which Quire reads after migrating and empties
// once the notes are read again (links/link-index-rebuilds.ts), as `quire reindex` does.

// The rebuild of both SQLite indexes as this migration is written.
const OWNER = `iif(n.time_deleted is null, 'u', 't') || replace(n.user_id, '-', '')`;
const TITLE = `quire_indexed_text(substr(ltrim(n.body, ' ' || char(9, 10, 13)), 1,
  instr(ltrim(n.body, ' ' || char(9, 10, 13)) || char(10), char(10)) - 1))`;
const SQLITE_REBUILD = [
  `insert into note_search_stem (note_search_stem) values ('delete-all')`,
  `insert into note_search (note_search) values ('delete-all')`,
  'delete from note_search_docs',
  `insert into note_search_docs (note_id)
     select id from notes order by time_last_modified, change_seq, id`,
  `insert into note_search (rowid, owner, title, body)
     select d.doc, ${OWNER}, ${TITLE}, quire_indexed_text(n.body)
     from notes n join note_search_docs d on d.note_id = n.id`,
  'delete from note_search_pending',
  `insert into note_search_stem (rowid, owner, title, body)
     select d.doc, ${OWNER} || '0', ${TITLE}, quire_indexed_text(n.body)
     from notes n join note_search_docs d on d.note_id = n.id`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('index_rebuilds')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .execute();
  await db.insertInto('index_rebuilds').values({ name: 'links' }).execute();
  if (!isPostgres(db)) await run(db, SQLITE_REBUILD);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('index_rebuilds').execute();
}
