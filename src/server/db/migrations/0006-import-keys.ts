import type { Kysely } from 'kysely';

// What each account has imported, one key per note taken from a source (its id there, or a
// digest of its text), so importing the same file again adds nothing. A key goes with its note
// when the note is purged, so a note deleted for good can be imported again.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_keys')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('note_id', 'text', (col) => col.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('time_imported', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('import_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('import_keys_note').on('import_keys').column('note_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_keys').execute();
}
