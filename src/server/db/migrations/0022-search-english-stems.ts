import type { Kysely } from 'kysely';
import { isPostgres, run } from './dialect.js';

// Search finds words by their English stems too ("recipes" finds "recipe", "running" finds
// "run"), after the words as written. The index of words as written stays as it was, and a
// second index of the stems sits beside it: SQLite's `porter` tokenizer, and on PostgreSQL the
// `english` configuration's stemmer, without its stop words, as SQLite keeps them ("to do list"
// would otherwise be "list").

// SQLite: a second FTS5 table numbered by the same docs, without a prefix index (stems are
// matched whole). Porter stems every token, the owner's too, which could make two owners one:
// a token ending in a digit is one it leaves alone.

// The owner token, title and indexed text as migrations 0004 and 0012 wrote them.
const SQLITE_TITLE = (body: string) => {
  const trimmed = `ltrim(${body}, ' ' || char(9, 10, 13))`;
  return `substr(${trimmed}, 1, instr(${trimmed} || char(10), char(10)) - 1)`;
};
const SQLITE_OWNER = (row: string) =>
  `iif(${row}.time_deleted is null, 'u', 't') || replace(${row}.user_id, '-', '')`;
const SQLITE_INDEXED_TITLE = (body: string) => `quire_indexed_text(${SQLITE_TITLE(body)})`;
const SQLITE_INDEXED_BODY = (body: string) => `quire_indexed_text(${body})`;

/** The stemmed index's owner token: the word index's, with a digit porter keeps as it is. */
const SQLITE_STEM_OWNER = (row: string) => `${SQLITE_OWNER(row)} || '0'`;

const SQLITE_STEM_FILL = `insert into note_search_stem (rowid, owner, title, body)
  select d.doc, ${SQLITE_STEM_OWNER('n')}, ${SQLITE_INDEXED_TITLE('n.body')},
    ${SQLITE_INDEXED_BODY('n.body')}
  from notes n join note_search_docs d on d.note_id = n.id`;

const SQLITE_UP = [
  `create virtual table note_search_stem using fts5(owner, title, body, content = '',
     contentless_delete = 1,
     tokenize = "porter unicode61 remove_diacritics 2 tokenchars '#'")`,
  // Merged when writes pause, as the word index is (migration 0013).
  `insert into note_search_stem (note_search_stem, rank) values ('automerge', 0)`,
  // A note still waiting is indexed again by the next catch-up, in both indexes.
  SQLITE_STEM_FILL,
];

const SQLITE_DOWN = ['drop table note_search_stem'];

// PostgreSQL: a `stem` column beside `title` and `body`, the title's stems weighted above the
// body's so ts_rank prefers them, over the same text as the word index
// (`quire_indexed_text`, which `quire_search_vector` now reads too, so the two cannot drift).

const SPACELESS_SCRIPT_CLASS = '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]';

/** What the index reads of a body, as migrations 0016 and 0018 made it. */
const INDEXED_TEXT = `create function quire_indexed_text(body text) returns text
  language sql immutable parallel safe as $$
    select quire_search_text(
      case when body ~ '${SPACELESS_SCRIPT_CLASS}'
        then regexp_replace(body, '${SPACELESS_SCRIPT_CLASS}+', ' ', 'g') || ' ' ||
          quire_spaceless_grams(body) || ' ' || quire_spaceless_tags(body)
        else body end)
  $$`;

const POSTGRES_UP = [
  `create text search dictionary quire_english_stem (template = snowball, language = english)`,
  'create text search configuration quire_english (copy = english)',
  `alter text search configuration quire_english
     alter mapping replace english_stem with quire_english_stem`,
  INDEXED_TEXT,
  `create or replace function quire_search_vector(body text) returns tsvector
     language sql immutable parallel safe as $$
       select to_tsvector('simple'::regconfig, quire_indexed_text(body))
     $$`,
  `create function quire_stem_vector(body text) returns tsvector
     language sql immutable parallel safe as $$
       select setweight(to_tsvector('quire_english'::regconfig,
           quire_indexed_text(quire_note_title(body))), 'A')
         || to_tsvector('quire_english'::regconfig, quire_indexed_text(body))
     $$`,
  `create function quire_stem_query(query text) returns tsquery
     language sql immutable parallel safe as $$
       select to_tsquery('quire_english'::regconfig,
         public.unaccent('public.unaccent'::regdictionary, query))
     $$`,
  'alter table note_search add column stem tsvector',
  'alter table note_search alter column stem set storage external',
  // A row whose note is gone waits in the queue to leave the index; it matches nothing meanwhile.
  `update note_search s set stem = coalesce(
     (select quire_stem_vector(n.body) from notes n where n.id = s.note_id), ''::tsvector)`,
  'alter table note_search alter column stem set not null',
  'create index note_search_stem on note_search using gin (stem)',
];

/** quire_search_vector as migration 0016 wrote it, followed by `more`. */
const postgresSearchVector = (more?: string) => `create or replace function
  quire_search_vector(body text) returns tsvector language sql immutable parallel safe as $$
    select to_tsvector('simple'::regconfig, quire_search_text(
      case when body ~ '${SPACELESS_SCRIPT_CLASS}'
        then regexp_replace(body, '${SPACELESS_SCRIPT_CLASS}+', ' ', 'g') || ' ' || quire_spaceless_grams(body)${
          more ? ` || ' ' || ${more}` : ''
        }
        else body end))
  $$`;

const POSTGRES_DOWN = [
  'drop index note_search_stem',
  'alter table note_search drop column stem',
  'drop function quire_stem_query',
  'drop function quire_stem_vector',
  postgresSearchVector('quire_spaceless_tags(body)'),
  'drop function quire_indexed_text',
  'drop text search configuration quire_english',
  'drop text search dictionary quire_english_stem',
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await run(db, isPostgres(db) ? POSTGRES_UP : SQLITE_UP);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await run(db, isPostgres(db) ? POSTGRES_DOWN : SQLITE_DOWN);
}
