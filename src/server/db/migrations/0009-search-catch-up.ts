import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { SQLITE_REBUILD as REBUILD_0008, SQLITE_TRIGGERS } from './0008-search-recency.js';

// SQLite: FTS5 keeps new text in memory until the transaction ends, but must write it out first
// whenever a row with a lower number is deleted, which every edit does. So the triggers now only
// note which notes changed, and the index catches up once per batch of writes, just before it
// commits (search/sqlite-index-catch-up.ts): all the deletes, then all the inserts. A save is
// still findable once it is answered, since the answer waits for the commit.

const QUEUE = (row: string) =>
  `insert or ignore into note_search_pending (note_id) values (${row}.id);`;

/** The rebuild, which leaves nothing to catch up. */
export const SQLITE_REBUILD = [...REBUILD_0008, 'delete from note_search_pending'];

const DROP_TRIGGERS = [
  'drop trigger notes_search_insert',
  'drop trigger notes_search_update',
  'drop trigger notes_search_delete',
];

const SQLITE_UP = [
  'create table note_search_pending (note_id text primary key) without rowid',
  ...DROP_TRIGGERS,
  `create trigger notes_search_insert after insert on notes begin ${QUEUE('new')} end`,
  `create trigger notes_search_update after update of body, user_id, time_deleted on notes
     begin ${QUEUE('new')} end`,
  `create trigger notes_search_delete after delete on notes begin ${QUEUE('old')} end`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const statement of SQLITE_UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  const statements = [
    ...DROP_TRIGGERS,
    ...SQLITE_TRIGGERS,
    ...REBUILD_0008,
    'drop table note_search_pending',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
