import { type Kysely, PostgresAdapter, sql } from 'kysely';

// SQLite: re-queueing a note at every save (`insert or replace`) rewrote its queue row and
// index entry each time, three of the ten pages a save wrote to the WAL. A note already waiting
// now keeps its place, and the catch-up numbers the notes it takes in the order they were last
// written (search/sqlite-index-catch-up.ts), which is what searches read as recency.

const queue = (verb: string) => (row: string) =>
  `${verb} into note_search_pending (note_id) values (${row}.id);`;
const TRIGGERS = (enqueue: (row: string) => string) => [
  'drop trigger notes_search_insert',
  'drop trigger notes_search_update',
  'drop trigger notes_search_delete',
  `create trigger notes_search_insert after insert on notes begin ${enqueue('new')} end`,
  `create trigger notes_search_update after update of body, user_id, time_deleted on notes
     begin ${enqueue('new')} end`,
  `create trigger notes_search_delete after delete on notes begin ${enqueue('old')} end`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
async function run(db: Kysely<any>, statements: string[]): Promise<void> {
  if (isPostgres(db)) return;
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export const up = (db: Kysely<any>) => run(db, TRIGGERS(queue('insert or ignore')));

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export const down = (db: Kysely<any>) => run(db, TRIGGERS(queue('insert or replace')));
