import type { Kysely } from 'kysely';
import { isPostgres, run } from './dialect.js';

// PostgreSQL: the search index catches up after the writes, as SQLite's does (migration 0009):
// a note saved on every keystroke was folded and indexed at every save, most of a save's
// database work (bench/RESULTS.md). The trigger now only queues the note; the index takes the queue once
// writes pause, and before any search reads it (search/postgres-index-catch-up.ts).

/** The trigger function that queues a changed note, resolving a note queued already so. */
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

const UP = [
  // No foreign keys from the index to the notes: a catch-up checking one would wait for a
  // write holding its note's row while that write waits for the queue entry the catch-up
  // holds. A note that is deleted is queued like one that changed, and its entry goes when
  // its turn comes.
  'alter table note_search drop constraint note_search_note_id_fkey',
  `create table note_search_pending (
     note_id text collate "C" primary key,
     user_id text collate "C" not null,
     seq bigint not null
   )`,
  'create sequence note_search_pending_seq as bigint',
  'create index note_search_pending_order on note_search_pending (seq)',
  'create index note_search_pending_user on note_search_pending (user_id, seq)',
  // Updating an entry already queued locks it, so a catch-up under way cannot take it away
  // before this write commits (it waits, or skips it).
  postgresQueueSync('do update set user_id = excluded.user_id, seq = excluded.seq'),
  `create trigger notes_search_forget after delete on notes
     for each row execute function quire_note_search_sync()`,
];

/** The trigger function of migration 0004, which `down` puts back. */
const POSTGRES_SEARCH_SYNC = `create or replace function quire_note_search_sync()
  returns trigger language plpgsql as $$
    begin
      insert into note_search (note_id, user_id, in_trash, time_last_modified, change_seq, title, body) select new.id, new.user_id, new.time_deleted is not null,
  new.time_last_modified, new.change_seq, quire_search_vector(quire_note_title(new.body)),
  quire_search_vector(new.body) on conflict (note_id) do update set user_id = excluded.user_id,
  in_trash = excluded.in_trash, time_last_modified = excluded.time_last_modified,
  change_seq = excluded.change_seq, title = excluded.title, body = excluded.body;
      return null;
    end $$`;

const DOWN = [
  'drop trigger notes_search_forget on notes',
  'delete from note_search s where not exists (select 1 from notes n where n.id = s.note_id)',
  `insert into note_search (note_id, user_id, in_trash, time_last_modified, change_seq, title, body) select n.id, n.user_id, n.time_deleted is not null,
  n.time_last_modified, n.change_seq, quire_search_vector(quire_note_title(n.body)),
  quire_search_vector(n.body)
     from note_search_pending p join notes n on n.id = p.note_id on conflict (note_id) do update set user_id = excluded.user_id,
  in_trash = excluded.in_trash, time_last_modified = excluded.time_last_modified,
  change_seq = excluded.change_seq, title = excluded.title, body = excluded.body`,
  POSTGRES_SEARCH_SYNC,
  'drop table note_search_pending',
  'drop sequence note_search_pending_seq',
  `alter table note_search add constraint note_search_note_id_fkey
     foreign key (note_id) references notes (id) on delete cascade`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await run(db, UP);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await run(db, DOWN);
}
