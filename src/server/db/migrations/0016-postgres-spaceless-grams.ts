import type { Kysely } from 'kysely';
import { isPostgres, run } from './dialect.js';

// PostgreSQL: text in scripts written without spaces (Chinese, Japanese) was found through a
// trigram index, which cannot narrow a search of two characters (most Chinese words): such a
// search read every note in those scripts. The word index now holds that text as its single
// characters and its overlapping pairs of characters, as SQLite's does (migration 0012), and
// the trigram index goes, with its cost on every write of such a note.

// The script class and the index's rebuild as migration 0004 wrote them.
const SPACELESS_SCRIPT_CLASS = '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]';
const POSTGRES_REBUILD = [
  `delete from note_search`,
  `insert into note_search (note_id, user_id, in_trash, time_last_modified, change_seq, title, body) select n.id, n.user_id, n.time_deleted is not null,
  n.time_last_modified, n.change_seq, quire_search_vector(quire_note_title(n.body)),
  quire_search_vector(n.body) from notes n`,
];

const RUNS = `'${SPACELESS_SCRIPT_CLASS}+'`;

/**
 * Runs leave the words' text (a run is one long word to the parser) and come back as grams,
 * followed by `more` (an SQL text expression of `body`, as migration 0018 adds its tags).
 */
const postgresSearchVector = (more?: string) => `create or replace function
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
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await run(db, UP);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await run(db, DOWN);
}
