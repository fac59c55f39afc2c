import { type Kysely, PostgresAdapter, sql } from 'kysely';

// All that migrations share: which database they run on, and running their statements in turn.
// Everything else a migration runs is written out in it, so no later change can alter it.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function run(db: Kysely<any>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
