import type { Kysely } from 'kysely';
import { isPostgres, run } from './dialect.js';

// Searches rank only the most recently written matches (and the most recent title matches), so a
// word found in most notes costs no more than a rare one. Each engine needs to walk its matches
// newest first and stop early:
// - SQLite: FTS5 walks rowids in order, so a note's index row takes a new, highest doc number on
//   every write; `order by rowid desc limit n` then reads the newest n matches and stops.
// - PostgreSQL: walks the user's notes newest first, or a GIN index when the words are rare; a
//   GIN index on the title finds a rare title word without walking every note of the user.

// The title and owner token as migration 0004 wrote them.
const SQLITE_TITLE = (body: string) => {
  const trimmed = `ltrim(${body}, ' ' || char(9, 10, 13))`;
  return `substr(${trimmed}, 1, instr(${trimmed} || char(10), char(10)) - 1)`;
};
const SQLITE_OWNER = (row: string) =>
  `iif(${row}.time_deleted is null, 'u', 't') || replace(${row}.user_id, '-', '')`;

const SQLITE_ADD = (row: string) => `
  insert into note_search_docs (note_id) values (${row}.id);
  insert into note_search (rowid, owner, title, body) values (
    (select doc from note_search_docs where note_id = ${row}.id),
    ${SQLITE_OWNER(row)}, ${SQLITE_TITLE(`${row}.body`)}, ${row}.body);`;
const SQLITE_REMOVE = (row: string) => `
  delete from note_search where rowid = (select doc from note_search_docs where note_id = ${row}.id);
  delete from note_search_docs where note_id = ${row}.id;`;

/** Docs numbered oldest write first, so the newest write has the highest doc. */
const SQLITE_REBUILD = [
  `insert into note_search (note_search) values ('delete-all')`,
  'delete from note_search_docs',
  `insert into note_search_docs (note_id)
     select id from notes order by time_last_modified, change_seq, id`,
  `insert into note_search (rowid, owner, title, body)
     select d.doc, ${SQLITE_OWNER('n')}, ${SQLITE_TITLE('n.body')}, n.body
     from notes n join note_search_docs d on d.note_id = n.id`,
];

const UPDATE_TRIGGER = `create trigger notes_search_update after update of body, user_id, time_deleted
  on notes begin ${SQLITE_REMOVE('old')} ${SQLITE_ADD('new')} end`;

const SQLITE_UP = ['drop trigger notes_search_update', UPDATE_TRIGGER, ...SQLITE_REBUILD];

// The trigger as 0004 made it: the doc number kept for the note's life.
const SQLITE_DOWN = [
  'drop trigger notes_search_update',
  `create trigger notes_search_update after update of body, user_id, time_deleted on notes begin
     delete from note_search where rowid = (select doc from note_search_docs where note_id = old.id);
     insert into note_search (rowid, owner, title, body) values (
       (select doc from note_search_docs where note_id = new.id),
       ${SQLITE_OWNER('new')}, ${SQLITE_TITLE('new.body')}, new.body);
   end`,
];

// The query's folding is declared immutable (as quire_search_text's is), so the planner folds it
// into a constant once: it can then estimate the words' rarity and stops calling unaccent per row.
const POSTGRES_UP = [
  'create index note_search_title on note_search using gin (title)',
  `create function quire_search_query(query text) returns tsquery
     language sql immutable parallel safe as $$
       select to_tsquery('simple'::regconfig,
         public.unaccent('public.unaccent'::regdictionary, query))
     $$`,
];
const POSTGRES_DOWN = ['drop function quire_search_query', 'drop index note_search_title'];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await run(db, isPostgres(db) ? POSTGRES_UP : SQLITE_UP);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await run(db, isPostgres(db) ? POSTGRES_DOWN : SQLITE_DOWN);
}
