import { type Kysely, sql } from 'kysely';

// The list's own order (newest change first, among the notes not in the trash) as an index,
// so a whole list is read in order instead of sorted. The index it replaces ended in
// `revision`, which no query orders by since change_seq took that role.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notes_user_order').execute();
  await db.schema
    .createIndex('notes_list_order')
    .on('notes')
    .columns(['user_id', 'time_last_modified', 'change_seq', 'id'])
    .where(sql<boolean>`time_deleted is null`)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notes_list_order').execute();
  await db.schema
    .createIndex('notes_user_order')
    .on('notes')
    .columns(['user_id', 'time_last_modified', 'revision'])
    .execute();
}
