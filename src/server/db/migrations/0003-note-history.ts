import { type Kysely, sql } from 'kysely';

// Versioned notes: `revision` becomes a note's own version (1 at creation, +1 per stored change),
// the old per-user counter lives on as `change_seq` with its next value kept on the user's row,
// deleted notes stay in the trash (`time_deleted`), and replaced texts go to `note_versions`.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notes').renameColumn('revision', 'change_seq').execute();
  await db.schema
    .alterTable('notes')
    .addColumn('revision', 'bigint', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('notes').addColumn('time_deleted', 'bigint').execute();
  await db.schema.alterTable('notes').addColumn('written_by', 'text').execute();
  await db.schema
    .createIndex('notes_user_change')
    .on('notes')
    .columns(['user_id', 'change_seq'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('change_seq', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update users set change_seq = coalesce(
    (select max(notes.change_seq) from notes where notes.user_id = users.id), 0)`.execute(db);

  await db.schema
    .createTable('note_versions')
    .addColumn('note_id', 'text', (col) => col.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('revision', 'bigint', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('delta_start', 'bigint')
    .addColumn('delta_end', 'bigint')
    .addColumn('time_last_modified', 'bigint', (col) => col.notNull())
    .addColumn('time_archived', 'bigint', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('kept', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('note_versions_pk', ['note_id', 'revision'])
    .execute();
  await db.schema
    .createIndex('note_versions_archived')
    .on('note_versions')
    .columns(['time_archived'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('note_versions').execute();
  await db.schema.alterTable('users').dropColumn('change_seq').execute();
  await db.schema.dropIndex('notes_user_change').execute();
  await db.schema.alterTable('notes').dropColumn('written_by').execute();
  await db.schema.alterTable('notes').dropColumn('time_deleted').execute();
  await db.schema.alterTable('notes').dropColumn('revision').execute();
  await db.schema.alterTable('notes').renameColumn('change_seq', 'revision').execute();
}
