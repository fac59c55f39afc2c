import type { Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

// Attachments (docs/attachments.md): one row per stored file of an account, found by a random
// id and deduplicated by its SHA-256, which is null while the upload is still arriving. The
// bytes live on disk or, for the database backend, in fixed-size chunks in the table below.
// Housekeeping notes when it last found a file referred to, so one a note held stays as long
// as history may still show it.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
const bytes = (db: Kysely<any>) => (isPostgres(db) ? 'bytea' : 'blob');

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attachments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sha256', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('time_created', 'bigint', (col) => col.notNull())
    .addColumn('time_referenced', 'bigint')
    .execute();
  await db.schema
    .createIndex('attachments_user_sha256')
    .on('attachments')
    .columns(['user_id', 'sha256'])
    .unique()
    .execute();
  await db.schema
    .createTable('attachment_chunks')
    .addColumn('attachment_id', 'text', (col) =>
      col.notNull().references('attachments.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('data', bytes(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('attachment_chunks_pk', ['attachment_id', 'seq'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attachment_chunks').execute();
  await db.schema.dropTable('attachments').execute();
}
