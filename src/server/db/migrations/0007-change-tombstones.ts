import type { Kysely } from 'kysely';

// Notes purged from the trash leave a tombstone: the id and the change that last touched it, so
// a client resyncing from an older point still learns that the note is gone.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('note_tombstones')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('change_seq', 'bigint', (col) => col.notNull())
    .addColumn('note_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('note_tombstones_pk', ['user_id', 'change_seq', 'note_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('note_tombstones').execute();
}
