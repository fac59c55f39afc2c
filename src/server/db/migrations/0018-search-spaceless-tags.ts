import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { POSTGRES_REBUILD, SPACELESS_SCRIPT_CLASS } from './0004-search-index.js';
import { SQLITE_REBUILD } from './0012-search-spaceless-grams.js';
import { postgresSearchVector } from './0016-postgres-spaceless-grams.js';

// Tags written in scripts without spaces (`#北京`) were lost to `tag:` searches: their text
// left the words' text as a spaceless run before tags were read from it. Both indexes now add
// such tags whole (SQLite through `quire_indexed_text`, search/spaceless-grams.ts).

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
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
async function run(db: Kysely<any>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await run(db, isPostgres(db) ? POSTGRES_UP : SQLITE_REBUILD);
}

/** SQLite keeps its index: the tags it gained are tokens no older query asks for. */
// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await run(db, POSTGRES_DOWN);
}
