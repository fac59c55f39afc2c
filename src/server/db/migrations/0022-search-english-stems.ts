import { type Kysely, PostgresAdapter, sql } from 'kysely';
import {
  POSTGRES_COLUMNS as COLUMNS_0004,
  POSTGRES_ROW as ROW_0004,
  SPACELESS_SCRIPT_CLASS,
  SQLITE_OWNER,
  POSTGRES_UPSERT as UPSERT_0004,
} from './0004-search-index.js';
import {
  SQLITE_REBUILD as REBUILD_0012,
  SQLITE_INDEXED_BODY,
  SQLITE_INDEXED_TITLE,
} from './0012-search-spaceless-grams.js';
import { postgresSearchVector } from './0016-postgres-spaceless-grams.js';

// Search finds words by their English stems too ("recipes" finds "recipe", "running" finds
// "run"), after the words as written. The index of words as written stays as it was, and a
// second index of the stems sits beside it: SQLite's `porter` tokenizer, and on PostgreSQL the
// `english` configuration's stemmer, without its stop words, as SQLite keeps them ("to do list"
// would otherwise be "list").

// SQLite: a second FTS5 table numbered by the same docs, without a prefix index (stems are
// matched whole). Porter stems every token, the owner's too, which could make two owners one:
// a token ending in a digit is one it leaves alone.

/** The stemmed index's owner token: the word index's, with a digit porter keeps as it is. */
export const SQLITE_STEM_OWNER = (row: string) => `${SQLITE_OWNER(row)} || '0'`;

const SQLITE_STEM_FILL = `insert into note_search_stem (rowid, owner, title, body)
  select d.doc, ${SQLITE_STEM_OWNER('n')}, ${SQLITE_INDEXED_TITLE('n.body')},
    ${SQLITE_INDEXED_BODY('n.body')}
  from notes n join note_search_docs d on d.note_id = n.id`;

/** The rebuild of both indexes, which leaves nothing to catch up. */
export const SQLITE_REBUILD = [
  `insert into note_search_stem (note_search_stem) values ('delete-all')`,
  ...REBUILD_0012,
  SQLITE_STEM_FILL,
];

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

/** What the index reads of a body, as migrations 0016 and 0018 made it. */
const INDEXED_TEXT = `create function quire_indexed_text(body text) returns text
  language sql immutable parallel safe as $$
    select quire_search_text(
      case when body ~ '${SPACELESS_SCRIPT_CLASS}'
        then regexp_replace(body, '${SPACELESS_SCRIPT_CLASS}+', ' ', 'g') || ' ' ||
          quire_spaceless_grams(body) || ' ' || quire_spaceless_tags(body)
        else body end)
  $$`;

export const POSTGRES_COLUMNS = `${COLUMNS_0004}, stem`;
export const POSTGRES_ROW = (n: string) => `${ROW_0004(n)}, quire_stem_vector(${n}.body)`;
/** Takes a note's new search row over its old one (after an insert into note_search). */
export const POSTGRES_UPSERT = `${UPSERT_0004}, stem = excluded.stem`;
export const POSTGRES_REBUILD = [
  'delete from note_search',
  `insert into note_search (${POSTGRES_COLUMNS}) select ${POSTGRES_ROW('n')} from notes n`,
];

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
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
async function run(db: Kysely<any>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await run(db, isPostgres(db) ? POSTGRES_UP : SQLITE_UP);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await run(db, isPostgres(db) ? POSTGRES_DOWN : SQLITE_DOWN);
}
