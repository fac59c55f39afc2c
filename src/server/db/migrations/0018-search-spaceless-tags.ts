import type { Kysely } from 'kysely';
import { isPostgres, run } from './dialect.js';

// Tags written in scripts without spaces (`#北京`) were lost to `tag:` searches: their text
// left the words' text as a spaceless run before tags were read from it. Both indexes now add
// such tags whole (SQLite through `quire_indexed_text`, search/spaceless-grams.ts).

// The script class and the rebuilds of migrations 0004 and 0012.
const SPACELESS_SCRIPT_CLASS = '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]';
const POSTGRES_REBUILD = [
  `delete from note_search`,
  `insert into note_search (note_id, user_id, in_trash, time_last_modified, change_seq, title, body) select n.id, n.user_id, n.time_deleted is not null,
  n.time_last_modified, n.change_seq, quire_search_vector(quire_note_title(n.body)),
  quire_search_vector(n.body) from notes n`,
];
const SQLITE_REBUILD = [
  `insert into note_search (note_search) values ('delete-all')`,
  `delete from note_search_docs`,
  `insert into note_search_docs (note_id)
     select id from notes order by time_last_modified, change_seq, id`,
  `insert into note_search (rowid, owner, title, body)
     select d.doc, iif(n.time_deleted is null, 'u', 't') || replace(n.user_id, '-', ''), quire_indexed_text(substr(ltrim(n.body, ' ' || char(9, 10, 13)), 1, instr(ltrim(n.body, ' ' || char(9, 10, 13)) || char(10), char(10)) - 1)),
       quire_indexed_text(n.body)
     from notes n join note_search_docs d on d.note_id = n.id`,
  `delete from note_search_pending`,
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

const POSTGRES_UP = [
  // The tags of a body whose name holds spaceless letters, as `#name` for quire_search_text.
  `create function quire_spaceless_tags(body text) returns text
     language sql immutable parallel safe as $$
       select coalesce(string_agg(distinct '#' || tag[2], ' '), '')
       from regexp_matches(body, '(^|[^[:alnum:]#])#([[:alpha:]][[:alnum:]]*)', 'g') as tag
       where tag[2] ~ '${SPACELESS_SCRIPT_CLASS}'
     $$`,
  postgresSearchVector('quire_spaceless_tags(body)'),
  ...POSTGRES_REBUILD,
];

const POSTGRES_DOWN = [
  postgresSearchVector(),
  'drop function quire_spaceless_tags',
  ...POSTGRES_REBUILD,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await run(db, isPostgres(db) ? POSTGRES_UP : SQLITE_REBUILD);
}

/** SQLite keeps its index: the tags it gained are tokens no older query asks for. */
// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await run(db, POSTGRES_DOWN);
}
