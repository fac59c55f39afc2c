import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

// SQLite: FTS5 merges its index segments a little after every transaction that writes to it,
// which made re-indexing a note several times dearer (bench/RESULTS.md). The
// index now merges only when Quire asks it to, once writes pause (search-index-keeper.ts); FTS5
// still merges on its own if segments pile up (its `crisismerge`).

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`insert into note_search (note_search, rank) values ('automerge', 0)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`insert into note_search (note_search, rank) values ('automerge', 4)`.execute(db);
}
