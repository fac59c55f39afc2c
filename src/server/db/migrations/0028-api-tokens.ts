import type { Kysely } from 'kysely';

// Personal API tokens (docs/api.md): named, scoped and expiring keys for scripts, stored only as
// the SHA-256 of the token. They go with their account, and revoking one deletes its row.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    // Space-separated scope names (src/shared/api-tokens.ts).
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('time_created', 'bigint', (col) => col.notNull())
    .addColumn('time_expires', 'bigint')
    .addColumn('time_last_used', 'bigint')
    .execute();
  await db.schema.createIndex('api_tokens_user_id').on('api_tokens').column('user_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
