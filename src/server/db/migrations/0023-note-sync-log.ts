import type { Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

// Character-level sync (docs/sync.md): each note's Yjs document is kept as a checkpoint (its
// state as of one revision) and a log of the update of every revision after it. A note gets
// its checkpoint the first time it is saved after this migration; nothing is converted here.
// Each update names the session (and live client) whose save made it, if a save did.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
const bytes = (db: Kysely<any>) => (isPostgres(db) ? 'bytea' : 'blob');

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('note_sync_checkpoints')
    .addColumn('note_id', 'text', (col) =>
      col.primaryKey().references('notes.id').onDelete('cascade'),
    )
    .addColumn('revision', 'bigint', (col) => col.notNull())
    .addColumn('state', bytes(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('note_sync_updates')
    .addColumn('note_id', 'text', (col) => col.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('revision', 'bigint', (col) => col.notNull())
    .addColumn('update', bytes(db), (col) => col.notNull())
    .addColumn('time_stored', 'bigint', (col) => col.notNull())
    .addColumn('session_id', 'text')
    .addColumn('client_id', 'text')
    .addPrimaryKeyConstraint('note_sync_updates_pk', ['note_id', 'revision'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('note_sync_updates').execute();
  await db.schema.dropTable('note_sync_checkpoints').execute();
}
