import type { Kysely } from 'kysely';

// Backups (docs/deployment.md): one row per backup made, named as its folder is, with when it
// was made and when it last proved it restores. A table rather than a file, so every instance
// sharing a PostgreSQL database reports the same times.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backup_runs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('time_made', 'bigint', (col) => col.notNull())
    .addColumn('time_verified', 'bigint')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_runs').execute();
}
