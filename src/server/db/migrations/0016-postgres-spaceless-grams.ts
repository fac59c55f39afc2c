import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { POSTGRES_REBUILD, SPACELESS_SCRIPT_CLASS } from './0004-search-index.js';

// PostgreSQL: text in scripts written without spaces (Chinese, Japanese) was found through a
// trigram index, which cannot narrow a search of two characters (most Chinese words): such a
// search read every note in those scripts. The word index now holds that text as its single
// characters and its overlapping pairs of characters, as SQLite's does (migration 0012), and
// the trigram index goes, with its cost on every write of such a note.

const RUNS = `'${SPACELESS_SCRIPT_CLASS}+'`;

/**
 * Runs leave the words' text (a run is one long word to the parser) and come back as grams,
 * followed by `more` (an SQL text expression of `body`, as migration 0018 adds its tags).
 */
export const postgresSearchVector = (more?: string) => `create or replace function
  quire_search_vector(body text) returns tsvector language sql immutable parallel safe as $$
    select to_tsvector('simple'::regconfig, quire_search_text(
      case when body ~ '${SPACELESS_SCRIPT_CLASS}'
        then regexp_replace(body, ${RUNS}, ' ', 'g') || ' ' || quire_spaceless_grams(body)${
          more ? ` || ' ' || ${more}` : ''
        }
        else body end))
  $$`;

const UP = [
  // Characters come from an array and pairs from `lead`: `substr` at an offset rereads the
  // text from its start, which made a long note's grams take seconds.
  `create function quire_spaceless_grams(body text) returns text
     language sql immutable parallel safe as $$
       select coalesce(string_agg(distinct gram, ' '), '')
       from regexp_matches(body, ${RUNS}, 'g') as runs(run),
         lateral (
           select c, lead(c) over (order by i) as next
           from unnest(string_to_array(run[1], null)) with ordinality as chars(c, i)
         ) as chars,
         lateral (values (c), (c || next)) as grams(gram)
     $$`,
  postgresSearchVector(),
  'drop index notes_spaceless_trigram',
  ...POSTGRES_REBUILD,
];

const DOWN = [
  `create index notes_spaceless_trigram on notes using gin (body gin_trgm_ops)
     where body ~ '${SPACELESS_SCRIPT_CLASS}'`,
  `create or replace function quire_search_vector(body text) returns tsvector
     language sql immutable parallel safe as $$
       select to_tsvector('simple'::regconfig, quire_search_text(body))
     $$`,
  'drop function quire_spaceless_grams',
  ...POSTGRES_REBUILD,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
async function run(db: Kysely<any>, statements: string[]): Promise<void> {
  if (!isPostgres(db)) return;
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export const up = (db: Kysely<any>) => run(db, UP);
// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export const down = (db: Kysely<any>) => run(db, DOWN);
