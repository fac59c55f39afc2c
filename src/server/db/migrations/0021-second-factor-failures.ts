import type { Kysely } from 'kysely';

// Wrong two-factor codes are counted per account in the database, so the count survives a
// restart and is one count across instances: `totp_failures` since the last accepted code, and
// `totp_next_attempt` (Unix milliseconds), before which no further code is looked at.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('totp_failures', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('totp_next_attempt', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('totp_next_attempt').execute();
  await db.schema.alterTable('users').dropColumn('totp_failures').execute();
}
