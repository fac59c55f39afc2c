import type { Kysely } from 'kysely';

// Links between notes (docs/links.md): each note's `[[links]]`, as the keys of the names they
// name, and each note's own names (its title and front-matter aliases) as keys. Which note a
// link leads to is worked out when it is read, so a title change rewrites no other note's rows.
// Notes in the trash have no rows. The notes stored are read into these tables by migration
// 0032, with Quire's Markdown reader; `quire reindex` reads them again.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('note_links')
    .addColumn('note_id', 'text', (col) => col.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('target_key', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('note_links_pk', ['note_id', 'target_key'])
    .execute();
  await db.schema
    .createIndex('note_links_target')
    .on('note_links')
    .columns(['user_id', 'target_key', 'note_id'])
    .execute();
  await db.schema
    .createTable('note_link_names')
    .addColumn('note_id', 'text', (col) => col.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('note_link_names_pk', ['note_id', 'name_key'])
    .execute();
  await db.schema
    .createIndex('note_link_names_key')
    .on('note_link_names')
    .columns(['user_id', 'name_key', 'note_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('note_link_names').execute();
  await db.schema.dropTable('note_links').execute();
}
