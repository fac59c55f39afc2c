import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

// PostgreSQL: the characters that join words (`example.com`, `snake_case`) become spaces before
// the text is split. A regular expression does it in less time than `translate` did
// (bench/RESULTS.md). The text it gives is the same, so the index stays as it is.

const UNACCENTED = `public.unaccent('public.unaccent'::regdictionary, body)`;

/** `quire_search_text`, with `breaks` an SQL text expression of the unaccented body. */
const searchText = (breaks: string) => `create or replace function
  quire_search_text(body text) returns text language sql immutable parallel safe as $$
    select regexp_replace(${breaks}, '(^|[^[:alnum:]#])#([[:alnum:]]+)', '\\1\\2 zztag\\2', 'g')
  $$`;

const UP = searchText(`regexp_replace(${UNACCENTED}, '[@./:_+=~\\\\|-]', ' ', 'g')`);
const DOWN = searchText(`translate(${UNACCENTED}, '@./:_-+=~\\|', '           ')`);

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql.raw(UP).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql.raw(DOWN).execute(db);
}
