import type { Kysely } from 'kysely';
import { isPostgres, run } from './dialect.js';

// Full-text search kept by the database itself: triggers on `notes` update the index inside the
// transaction that writes the note, whichever code writes it, so a saved note is findable at once.
// Its statements are written out here because a migration is frozen history.

/** Characters of scripts written without spaces; such text is searched by substring. */
const SPACELESS_SCRIPT_CLASS = '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]';

// SQLite: an FTS5 index without its own copy of the text (contentless, deletable rows), keyed by
// a stable integer kept in `note_search_docs` (a rowid of `notes` may change on VACUUM). `owner`
// holds one token per user and state (`u…` in the list, `t…` in the trash), so a query ranks
// only its user's notes without reading them. unicode61 folds case and diacritics; `#` is a
// token character so `#tag` stays distinct from `tag`.
const SQLITE_TITLE = (body: string) => {
  const trimmed = `ltrim(${body}, ' ' || char(9, 10, 13))`;
  return `substr(${trimmed}, 1, instr(${trimmed} || char(10), char(10)) - 1)`;
};
const SQLITE_OWNER = (row: string) =>
  `iif(${row}.time_deleted is null, 'u', 't') || replace(${row}.user_id, '-', '')`;

const SQLITE_REBUILD = [
  `insert into note_search (note_search) values ('delete-all')`,
  'delete from note_search_docs',
  'insert into note_search_docs (note_id) select id from notes',
  `insert into note_search (rowid, owner, title, body)
     select d.doc, ${SQLITE_OWNER('n')}, ${SQLITE_TITLE('n.body')}, n.body
     from notes n join note_search_docs d on d.note_id = n.id`,
];

const SQLITE_UP = [
  `create virtual table note_search using fts5(owner, title, body, content = '',
     contentless_delete = 1, prefix = '2 3',
     tokenize = "unicode61 remove_diacritics 2 tokenchars '#'")`,
  `create table note_search_docs (doc integer primary key, note_id text not null unique)`,
  `create trigger notes_search_insert after insert on notes begin
     insert into note_search_docs (note_id) values (new.id);
     insert into note_search (rowid, owner, title, body) values (
       (select doc from note_search_docs where note_id = new.id),
       ${SQLITE_OWNER('new')}, ${SQLITE_TITLE('new.body')}, new.body);
   end`,
  `create trigger notes_search_update after update of body, user_id, time_deleted on notes begin
     delete from note_search where rowid = (select doc from note_search_docs where note_id = old.id);
     insert into note_search (rowid, owner, title, body) values (
       (select doc from note_search_docs where note_id = new.id),
       ${SQLITE_OWNER('new')}, ${SQLITE_TITLE('new.body')}, new.body);
   end`,
  `create trigger notes_search_delete after delete on notes begin
     delete from note_search where rowid = (select doc from note_search_docs where note_id = old.id);
     delete from note_search_docs where note_id = old.id;
   end`,
  ...SQLITE_REBUILD,
];

const SQLITE_DOWN = [
  'drop trigger notes_search_delete',
  'drop trigger notes_search_update',
  'drop trigger notes_search_insert',
  'drop table note_search_docs',
  'drop table note_search',
];

// PostgreSQL: a row per note in `note_search` with what a search filters and orders by, so the
// notes themselves are read only for the results: the title's tsvector (small, kept in the row)
// and the body's (kept out of line, read only to rank the best candidates), over text folded by
// `unaccent`. ASCII punctuation becomes space first so `example.com` or `e-mail` split into
// words as SQLite splits them, and `#tag` adds a marked lexeme `zztag…` beside the plain word.
// Text in scripts without spaces is found with a trigram index (pg_trgm) on those notes only.
const POSTGRES_ROW = (n: string) => `${n}.id, ${n}.user_id, ${n}.time_deleted is not null,
  ${n}.time_last_modified, ${n}.change_seq, quire_search_vector(quire_note_title(${n}.body)),
  quire_search_vector(${n}.body)`;
const POSTGRES_COLUMNS = 'note_id, user_id, in_trash, time_last_modified, change_seq, title, body';

/** Takes a note's new search row over its old one (after an insert into note_search). */
const POSTGRES_UPSERT = `on conflict (note_id) do update set user_id = excluded.user_id,
  in_trash = excluded.in_trash, time_last_modified = excluded.time_last_modified,
  change_seq = excluded.change_seq, title = excluded.title, body = excluded.body`;

/** The trigger function that indexed a note inside its write (until migration 0015). */
const POSTGRES_SEARCH_SYNC = `create or replace function quire_note_search_sync()
  returns trigger language plpgsql as $$
    begin
      insert into note_search (${POSTGRES_COLUMNS}) select ${POSTGRES_ROW('new')} ${POSTGRES_UPSERT};
      return null;
    end $$`;

const POSTGRES_REBUILD = [
  'delete from note_search',
  `insert into note_search (${POSTGRES_COLUMNS}) select ${POSTGRES_ROW('n')} from notes n`,
];

const POSTGRES_UP = [
  'create extension if not exists unaccent',
  'create extension if not exists pg_trgm',
  `create function quire_search_text(body text) returns text
     language sql immutable parallel safe as $$
       select regexp_replace(
         translate(public.unaccent('public.unaccent'::regdictionary, body),
           '@./:_-+=~\\|', '           '),
         '(^|[^[:alnum:]#])#([[:alnum:]]+)', '\\1\\2 zztag\\2', 'g')
     $$`,
  `create function quire_note_title(body text) returns text
     language sql immutable parallel safe as $$
       select substring(ltrim(body, E' \\t\\r\\n') from '^[^\\n]*')
     $$`,
  `create function quire_search_vector(body text) returns tsvector
     language sql immutable parallel safe as $$
       select to_tsvector('simple'::regconfig, quire_search_text(body))
     $$`,
  `create table note_search (
     note_id text collate "C" primary key references notes (id) on delete cascade,
     user_id text collate "C" not null,
     in_trash boolean not null,
     time_last_modified bigint not null,
     change_seq bigint not null,
     title tsvector not null,
     body tsvector not null
   ) with (toast_tuple_target = 256)`,
  'alter table note_search alter column body set storage external',
  'create index note_search_body on note_search using gin (body)',
  'create index note_search_user_order on note_search (user_id, time_last_modified)',
  POSTGRES_SEARCH_SYNC,
  `create trigger notes_search_sync after insert or update of
     body, user_id, time_deleted, time_last_modified, change_seq on notes
     for each row execute function quire_note_search_sync()`,
  `create index notes_spaceless_trigram on notes using gin (body gin_trgm_ops)
     where body ~ '${SPACELESS_SCRIPT_CLASS}'`,
  ...POSTGRES_REBUILD,
];

const POSTGRES_DOWN = [
  'drop index notes_spaceless_trigram',
  'drop trigger notes_search_sync on notes',
  'drop function quire_note_search_sync',
  'drop table note_search',
  'drop function quire_search_vector',
  'drop function quire_note_title',
  'drop function quire_search_text',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await run(db, isPostgres(db) ? POSTGRES_UP : SQLITE_UP);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await run(db, isPostgres(db) ? POSTGRES_DOWN : SQLITE_DOWN);
}
