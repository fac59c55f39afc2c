import type { Kysely } from 'kysely';

// Public share links (docs/api.md): a note anyone may read by its link. Only the SHA-256 of the
// link's token is stored, with its first characters so the owner tells links apart. A link goes
// with its account and its note; the note service removes it when the note goes to the trash.
// `tag` and `nested_tags` leave room for a link that shares a tag's notes.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shares')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('note_id', 'text', (col) => col.references('notes.id').onDelete('cascade'))
    .addColumn('tag', 'text')
    .addColumn('nested_tags', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('token_hint', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('allow_search_engines', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('time_created', 'bigint', (col) => col.notNull())
    .addColumn('time_expires', 'bigint')
    .addColumn('views', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('time_last_view', 'bigint')
    .execute();
  await db.schema.createIndex('shares_user_id').on('shares').column('user_id').execute();
  await db.schema.createIndex('shares_note_id').on('shares').column('note_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shares').execute();
}
