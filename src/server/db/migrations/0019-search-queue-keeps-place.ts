import type { Kysely } from 'kysely';
import { isPostgres, run } from './dialect.js';

// Re-queueing a note at every save rewrote its queue entry each time.
// - SQLite (`insert or replace`): its row and unique-index entry, a good share of the pages a
//   save wrote to the WAL (bench/RESULTS.md). A note already waiting now keeps its place, and the catch-up
//   numbers the notes it takes in the order each was last written
//   (search/sqlite-index-catch-up.ts), which is what searches read as recency.
// - PostgreSQL (`do update`): a new version of the entry and of its three index entries. The
//   entry is now only locked (`do update … where false` locks without writing), which is all
//   the catch-up needs: it cannot take the entry away before the write commits.

/** A trigger's statement queueing its row, as `verb` writes it (migration 0010). */
const sqliteQueue = (verb: string) => (row: string) =>
  `${verb} into note_search_pending (note_id) values (${row}.id);`;

/** The queue's triggers as migration 0010 wrote them, with their statement dropped first. */
const SQLITE_TRIGGERS = (queue: (row: string) => string) => [
  'drop trigger notes_search_insert',
  'drop trigger notes_search_update',
  'drop trigger notes_search_delete',
  `create trigger notes_search_insert after insert on notes begin ${queue('new')} end`,
  `create trigger notes_search_update after update of body, user_id, time_deleted on notes
     begin ${queue('new')} end`,
  `create trigger notes_search_delete after delete on notes begin ${queue('old')} end`,
];

/** The queue's trigger function as migration 0015 wrote it, resolving a note queued already. */
const postgresQueueSync = (onConflict: string) =>
  `create or replace function quire_note_search_sync() returns trigger language plpgsql as $$
     declare
       changed notes%rowtype := case when tg_op = 'DELETE' then old else new end;
     begin
       insert into note_search_pending (note_id, user_id, seq)
         values (changed.id, changed.user_id, nextval('note_search_pending_seq'))
         on conflict (note_id) ${onConflict};
       return null;
     end $$`;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
const runOn = (db: Kysely<any>, statements: { sqlite: string[]; postgres: string[] }) =>
  run(db, isPostgres(db) ? statements.postgres : statements.sqlite);

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export const up = (db: Kysely<any>) =>
  runOn(db, {
    sqlite: SQLITE_TRIGGERS(sqliteQueue('insert or ignore')),
    postgres: [postgresQueueSync('do update set seq = excluded.seq where false')],
  });

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export const down = (db: Kysely<any>) =>
  runOn(db, {
    sqlite: SQLITE_TRIGGERS(sqliteQueue('insert or replace')),
    postgres: [postgresQueueSync('do update set user_id = excluded.user_id, seq = excluded.seq')],
  });
