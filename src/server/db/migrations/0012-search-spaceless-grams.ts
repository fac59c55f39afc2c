import type { Kysely } from 'kysely';
import { isPostgres, run } from './dialect.js';

// SQLite: text in scripts written without spaces (Chinese, Japanese) was found by reading the
// notes themselves, every one of the user's for a search of only such text. The index now holds
// that text as single characters and overlapping pairs of them, made by the function
// `quire_indexed_text` that Quire gives each SQLite connection (search/spaceless-grams.ts).

// The title and owner token as migration 0004 wrote them.
const SQLITE_TITLE = (body: string) => {
  const trimmed = `ltrim(${body}, ' ' || char(9, 10, 13))`;
  return `substr(${trimmed}, 1, instr(${trimmed} || char(10), char(10)) - 1)`;
};
const SQLITE_OWNER = (row: string) =>
  `iif(${row}.time_deleted is null, 'u', 't') || replace(${row}.user_id, '-', '')`;

/** What the index holds of a note's title and body. */
const SQLITE_INDEXED_TITLE = (body: string) => `quire_indexed_text(${SQLITE_TITLE(body)})`;
const SQLITE_INDEXED_BODY = (body: string) => `quire_indexed_text(${body})`;

/** Docs numbered oldest write first, so the newest write has the highest doc. */
const SQLITE_REBUILD = [
  `insert into note_search (note_search) values ('delete-all')`,
  'delete from note_search_docs',
  `insert into note_search_docs (note_id)
     select id from notes order by time_last_modified, change_seq, id`,
  `insert into note_search (rowid, owner, title, body)
     select d.doc, ${SQLITE_OWNER('n')}, ${SQLITE_INDEXED_TITLE('n.body')},
       ${SQLITE_INDEXED_BODY('n.body')}
     from notes n join note_search_docs d on d.note_id = n.id`,
  'delete from note_search_pending',
];

/** The rebuild as migration 0009 left it, which `down` runs. */
const REBUILD_0009 = [
  `insert into note_search (note_search) values ('delete-all')`,
  `delete from note_search_docs`,
  `insert into note_search_docs (note_id)
     select id from notes order by time_last_modified, change_seq, id`,
  `insert into note_search (rowid, owner, title, body)
     select d.doc, iif(n.time_deleted is null, 'u', 't') || replace(n.user_id, '-', ''), substr(ltrim(n.body, ' ' || char(9, 10, 13)), 1, instr(ltrim(n.body, ' ' || char(9, 10, 13)) || char(10), char(10)) - 1), n.body
     from notes n join note_search_docs d on d.note_id = n.id`,
  `delete from note_search_pending`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await run(db, SQLITE_REBUILD);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await run(db, REBUILD_0009);
}
