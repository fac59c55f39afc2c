import type { Kysely } from 'kysely';

// Signing in other than by password (docs/security.md). `oidc_identities` ties a person at an
// OpenID provider (issuer + subject) to an account, so later sign-ins go by subject, never by
// e-mail again. `sign_in_codes` are short-lived single-use codes, kept only as SHA-256: the
// hand-off from the provider's callback to the web app, and the CLI's break-glass links.

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oidc_identities')
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('time_created', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('oidc_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema
    .createIndex('oidc_identities_user')
    .on('oidc_identities')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('sign_in_codes')
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('time_expires', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sign_in_codes_user').on('sign_in_codes').column('user_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_codes').execute();
  await db.schema.dropTable('oidc_identities').execute();
}
