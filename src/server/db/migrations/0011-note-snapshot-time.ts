import { type Kysely, sql } from 'kysely';

// A save asks when its note's newest whole snapshot was kept, to keep one every few minutes of
// typing. Reading that from the versions (max over every revision the last hour holds) cost
// each save a scan that grew as it typed; the note's row now carries it.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notes').addColumn('time_snapshot', 'bigint').execute();
  await sql`update notes set time_snapshot = (
    select max(v.time_archived) from note_versions v where v.note_id = notes.id and v.kept = 1)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notes').dropColumn('time_snapshot').execute();
}
