import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

// PostgreSQL: a user's changes no longer take turns on their change counter row. Each note row
// and tombstone records the transaction that wrote it (`change_xid`, set by a trigger, so every
// writer is covered), and a resync cursor is a snapshot of which transactions had committed:
// what changed since is what that snapshot could not see. `change_seq` still orders ties in the
// list, now from one sequence that no transaction waits on. SQLite writes one at a time anyway
// and keeps the per-user counter.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create sequence note_change_seq as bigint`.execute(db);
  await sql`select setval('note_change_seq', greatest(1,
      (select max(change_seq) from notes), (select max(change_seq) from note_tombstones),
      (select max(change_seq) from users)))`.execute(db);
  for (const table of ['notes', 'note_tombstones']) {
    await sql`alter table ${sql.table(table)}
      add column change_xid xid8 not null default pg_current_xact_id()`.execute(db);
    await sql`create index ${sql.id(`${table}_user_change_xid`)}
      on ${sql.table(table)} (user_id, change_xid)`.execute(db);
  }
  await sql`create function quire_note_change_xid() returns trigger language plpgsql as $$
    begin
      new.change_xid := pg_current_xact_id();
      return new;
    end $$`.execute(db);
  await sql`create trigger notes_change_xid before update on notes
    for each row execute function quire_note_change_xid()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger notes_change_xid on notes`.execute(db);
  await sql`drop function quire_note_change_xid()`.execute(db);
  for (const table of ['notes', 'note_tombstones']) {
    await sql`alter table ${sql.table(table)} drop column change_xid`.execute(db);
  }
  // The counters take up from the newest change each user has.
  await sql`update users set change_seq = greatest(change_seq,
      (select max(change_seq) from notes where user_id = users.id),
      (select max(change_seq) from note_tombstones where user_id = users.id))`.execute(db);
  await sql`drop sequence note_change_seq`.execute(db);
}
