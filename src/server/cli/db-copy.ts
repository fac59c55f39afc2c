import type { Kysely, Transaction } from 'kysely';
import { loadConfig } from '../config.js';
import { type AnyDb, type Counts, copyTableRows, countRows, TABLES } from '../db/copied-tables.js';
import type { DatabaseLocation } from '../db/location.js';
import { describeLocation, sameLocation } from '../db/location.js';
import { migrateToLatest, pendingMigrations } from '../db/migrate.js';
import type { DatabaseSchema } from '../db/schema.js';
import type { Database } from '../storage/database.js';
import { openDatabase } from '../storage/open-database.js';
import { CliError } from './cli-error.js';
import { type AttachmentPlace, copyAttachmentBytes } from './copy-attachment-bytes.js';

export interface CopyOptions {
  from: DatabaseLocation;
  to: DatabaseLocation;
  /**
   * Where each side keeps its attachments' bytes, when not in its database's default place
   * (files beside an SQLite database, rows in PostgreSQL): a folder, or `database`.
   */
  fromAttachments?: AttachmentPlace;
  toAttachments?: AttachmentPlace;
  /** Replace whatever the target holds instead of refusing. */
  force: boolean;
  batchSize?: number;
  /** Where progress lines go (stderr in the CLI). */
  progress(line: string): void;
}

/** A --from/--to value, read exactly as DATABASE_URL is. */
export function databaseOption(name: string, value: string): DatabaseLocation {
  try {
    return loadConfig({ DATABASE_URL: value }).database;
  } catch (error) {
    throw new CliError(`${name}: ${(error as Error).message.replace(/^DATABASE_URL /, '')}`, 2);
  }
}

const describeCounts = (counts: Counts) =>
  `${counts.users} users, ${counts.sessions} sessions, ${counts.notes} notes and ${counts.note_versions} note versions`;

async function copyAll(source: Database, target: Database, options: CopyOptions): Promise<Counts> {
  const asAny = (db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>) =>
    db as unknown as AnyDb;
  // One snapshot of the source and one transaction on the target: all or nothing.
  return source.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (sourceTrx) => {
      const from = asAny(sourceTrx);
      const expected = await countRows(from);
      await target.db.transaction().execute(async (targetTrx) => {
        const to = asAny(targetTrx);
        const existing = await countRows(to);
        if (TABLES.some((table) => existing[table] > 0)) {
          if (!options.force) {
            throw new CliError(
              `the target database is not empty (${describeCounts(existing)}); add --force to replace its contents`,
            );
          }
          for (const table of [...TABLES].reverse()) await to.deleteFrom(table).execute();
        }
        await copyTableRows(from, to, expected, options);
        await copyAttachmentBytes(
          { location: options.from, db: sourceTrx, place: options.fromAttachments },
          { location: options.to, db: targetTrx, place: options.toAttachments },
          options.progress,
        );
        // Change numbers came from the source: the target's next ones must come after them.
        await target.changes.continueAfterCopy(targetTrx);
        const copied = await countRows(to);
        const wrong = TABLES.filter((table) => copied[table] !== expected[table]);
        if (wrong.length > 0) {
          const details = wrong.map(
            (t) => `${t}: ${expected[t]} in the source, ${copied[t]} copied`,
          );
          throw new CliError(`copy check failed (${details.join('; ')}); nothing was written`);
        }
      });
      return expected;
    });
}

/**
 * `quire db copy --from URL --to URL [--force]`: accounts, sessions, notes and history, and
 * attachments, exactly.
 */
export async function copyDatabase(options: CopyOptions): Promise<string> {
  if (sameLocation(options.from, options.to)) {
    throw new CliError('--from and --to name the same database');
  }
  const source = await openDatabase(options.from, { mustExist: true });
  try {
    const pending = await pendingMigrations(source.db);
    if (pending.length > 0) {
      throw new CliError(
        `the source database is not up to date (${pending.join(', ')} not run): run "quire migrate" with DATABASE_URL set to it first`,
      );
    }
    const target = await openDatabase(options.to);
    try {
      await migrateToLatest(target.db);
      const counts = await copyAll(source, target, options);
      return `Copied ${describeCounts(counts)} to ${describeLocation(options.to)}`;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
