import { type Kysely, sql } from 'kysely';

// History lists a version at every pause in typing and, while text is being removed, at most
// every two seconds; a save asks when its note's newest listed version was kept. Listed
// versions may now be stored as the way back from the next version, like the hour's merge
// bases, so the newest whole snapshot's time stays apart from it.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notes').addColumn('time_listed', 'bigint').execute();
  await sql`update notes set time_listed = time_snapshot`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notes').dropColumn('time_listed').execute();
}
