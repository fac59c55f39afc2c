import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { SQLITE_OWNER, SQLITE_TITLE } from './0004-search-index.js';
import { SQLITE_REBUILD as REBUILD_0009 } from './0009-search-catch-up.js';

// SQLite: text in scripts written without spaces (Chinese, Japanese) was found by reading the
// notes themselves, every one of the user's for a search of only such text. The index now holds
// that text as single characters and overlapping pairs of them, made by the function
// `quire_indexed_text` that Quire gives each SQLite connection (search/spaceless-grams.ts).

/** What the index holds of a note's title and body. */
export const SQLITE_INDEXED_TITLE = (body: string) => `quire_indexed_text(${SQLITE_TITLE(body)})`;
export const SQLITE_INDEXED_BODY = (body: string) => `quire_indexed_text(${body})`;

/** Docs numbered oldest write first, so the newest write has the highest doc. */
export const SQLITE_REBUILD = [
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

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
async function run(db: Kysely<any>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await run(db, SQLITE_REBUILD);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await run(db, REBUILD_0009);
}
