import type { Kysely } from 'kysely';

// Account security: sessions learn when they were last used and from where (so they can expire
// and be listed), users may turn on a second factor (TOTP), with single-use recovery codes.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('time_last_seen', 'bigint').execute();
  // Existing sessions count as used now: an upgrade must not sign everyone out as idle.
  await db
    .updateTable('sessions')
    .set({ time_last_seen: Math.floor(Date.now() / 1000) })
    .execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('address', 'text').execute();

  // The secret being set up waits in `totp_pending_secret` until a code confirms it.
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
  // The last time step a code was accepted for: a code is never accepted twice.
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.alterTable('users').dropColumn('totp_last_step').execute();
  await db.schema.alterTable('users').dropColumn('totp_pending_secret').execute();
  await db.schema.alterTable('users').dropColumn('totp_secret').execute();
  await db.schema.alterTable('sessions').dropColumn('address').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('time_last_seen').execute();
}
