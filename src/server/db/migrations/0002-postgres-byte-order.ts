import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

// SQLite compares text byte by byte; PostgreSQL follows the database's collation (often
// en_US), which would order note ids and emails differently. Ordered columns use "C", i.e.
// byte order, so every list comes back in the same order on both. Nothing to do on SQLite.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table notes alter column id type text collate "C"`.execute(db);
  await sql`alter table users alter column email type text collate "C"`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table notes alter column id type text collate "default"`.execute(db);
  await sql`alter table users alter column email type text collate "default"`.execute(db);
}
