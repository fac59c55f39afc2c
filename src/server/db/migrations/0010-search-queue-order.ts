import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

// SQLite: the index catches up after the writes, a few notes at a time, and gives each note the
// next doc number, which searches read as "most recently written". So the queue must hand out
// notes in the order they were written: each write re-queues its note at the end
// (`insert or replace` gives the row a new, highest `seq`).

/** A trigger's statement queueing its row, as `verb` (`insert or replace`, …) writes it. */
const sqliteQueue = (verb: string) => (row: string) =>
  `${verb} into note_search_pending (note_id) values (${row}.id);`;
/** The queue's triggers, each queueing its row as `queue` writes it. */
const TRIGGERS = (queue: (row: string) => string) => [
  `create trigger notes_search_insert after insert on notes begin ${queue('new')} end`,
  `create trigger notes_search_update after update of body, user_id, time_deleted on notes
     begin ${queue('new')} end`,
  `create trigger notes_search_delete after delete on notes begin ${queue('old')} end`,
];
const DROP_TRIGGERS = [
  'drop trigger notes_search_insert',
  'drop trigger notes_search_update',
  'drop trigger notes_search_delete',
];

const SQLITE_UP = [
  ...DROP_TRIGGERS,
  'alter table note_search_pending rename to note_search_pending_0009',
  'create table note_search_pending (seq integer primary key, note_id text not null unique)',
  'insert into note_search_pending (note_id) select note_id from note_search_pending_0009',
  'drop table note_search_pending_0009',
  ...TRIGGERS(sqliteQueue('insert or replace')),
];

const SQLITE_DOWN = [
  ...DROP_TRIGGERS,
  'alter table note_search_pending rename to note_search_pending_0010',
  'create table note_search_pending (note_id text primary key) without rowid',
  'insert into note_search_pending (note_id) select note_id from note_search_pending_0010',
  'drop table note_search_pending_0010',
  ...TRIGGERS(sqliteQueue('insert or ignore')),
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const statement of SQLITE_UP) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const statement of SQLITE_DOWN) await sql.raw(statement).execute(db);
}
