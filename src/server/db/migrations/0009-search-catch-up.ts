import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

// SQLite: FTS5 keeps new text in memory until the transaction ends, but must write it out first
// whenever a row with a lower number is deleted, which every edit does. So the triggers now only
// note which notes changed, and the index catches up once per batch of writes, just before it
// commits (search/sqlite-index-catch-up.ts): all the deletes, then all the inserts. A save is
// still findable once it is answered, since the answer waits for the commit.

const QUEUE = (row: string) =>
  `insert or ignore into note_search_pending (note_id) values (${row}.id);`;

/** Migration 0008's rebuild and triggers, which `down` puts back. */
const REBUILD_0008 = [
  `insert into note_search (note_search) values ('delete-all')`,
  `delete from note_search_docs`,
  `insert into note_search_docs (note_id)
     select id from notes order by time_last_modified, change_seq, id`,
  `insert into note_search (rowid, owner, title, body)
     select d.doc, iif(n.time_deleted is null, 'u', 't') || replace(n.user_id, '-', ''), substr(ltrim(n.body, ' ' || char(9, 10, 13)), 1, instr(ltrim(n.body, ' ' || char(9, 10, 13)) || char(10), char(10)) - 1), n.body
     from notes n join note_search_docs d on d.note_id = n.id`,
];
const SQLITE_TRIGGERS = [
  `create trigger notes_search_insert after insert on notes begin 
  insert into note_search_docs (note_id) values (new.id);
  insert into note_search (rowid, owner, title, body) values (
    (select doc from note_search_docs where note_id = new.id),
    iif(new.time_deleted is null, 'u', 't') || replace(new.user_id, '-', ''), substr(ltrim(new.body, ' ' || char(9, 10, 13)), 1, instr(ltrim(new.body, ' ' || char(9, 10, 13)) || char(10), char(10)) - 1), new.body); end`,
  `create trigger notes_search_update after update of body, user_id, time_deleted
  on notes begin 
  delete from note_search where rowid = (select doc from note_search_docs where note_id = old.id);
  delete from note_search_docs where note_id = old.id; 
  insert into note_search_docs (note_id) values (new.id);
  insert into note_search (rowid, owner, title, body) values (
    (select doc from note_search_docs where note_id = new.id),
    iif(new.time_deleted is null, 'u', 't') || replace(new.user_id, '-', ''), substr(ltrim(new.body, ' ' || char(9, 10, 13)), 1, instr(ltrim(new.body, ' ' || char(9, 10, 13)) || char(10), char(10)) - 1), new.body); end`,
  `create trigger notes_search_delete after delete on notes begin 
  delete from note_search where rowid = (select doc from note_search_docs where note_id = old.id);
  delete from note_search_docs where note_id = old.id; end`,
];

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
