import { type Kysely, type MigrationResult, Migrator } from 'kysely';
import { migrations } from './migrations/index.js';

export class MigrationError extends Error {}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was, not as typed now
function migrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/**
 * Brings the schema up to date; returns the names of the migrations that ran. On PostgreSQL
 * Kysely holds an advisory lock meanwhile, so instances starting together migrate one at a time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was, not as typed now
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((result: MigrationResult) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      `Migration ${failed?.migrationName ?? ''} failed: ${reason}`.replace('  ', ' '),
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of the migrations a database has not run yet (all of them for an empty one). */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was, not as typed now
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((migration) => migration.executedAt === undefined).map((m) => m.name);
}
