import type { Kysely } from 'kysely';

// Spelling follows the account to every device: the language its editor checks (a row once it
// chose one; none means the default), and the words "Add to dictionary" kept, a row each.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('spelling_settings')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('time_changed', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('dictionary_words')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('word', 'text', (col) => col.notNull())
    .addColumn('time_added', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('dictionary_words_pk', ['user_id', 'word'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dictionary_words').execute();
  await db.schema.dropTable('spelling_settings').execute();
}
