import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { type DatabaseLocation, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrateToLatest, pendingMigrations } from '../db/migrate.js';
import { describePostgresUrl } from '../db/postgres-connection.js';
import type { DatabaseSchema } from '../db/schema.js';
import { CliError } from './cli-error.js';

/** Parents before children, so foreign keys hold at every step. */
const TABLES = ['users', 'sessions', 'notes'] as const;
type TableName = (typeof TABLES)[number];
type Counts = Record<TableName, number>;

// The copy moves whole rows of every table alike, so it sees rows as plain records keyed by id.
type Row = Record<string, unknown> & { id: string };
type AnyDb = Kysely<Record<TableName, Row>>;

export const DEFAULT_BATCH_SIZE = 500;

export interface CopyOptions {
  from: DatabaseLocation;
  to: DatabaseLocation;
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

export function describeLocation(location: DatabaseLocation): string {
  return location.kind === 'sqlite' ? location.file : describePostgresUrl(location.url);
}

function sameLocation(a: DatabaseLocation, b: DatabaseLocation): boolean {
  if (a.kind === 'sqlite' && b.kind === 'sqlite') {
    return path.resolve(a.file) === path.resolve(b.file);
  }
  return a.kind === b.kind && describeLocation(a) === describeLocation(b);
}

async function countRows(db: AnyDb): Promise<Counts> {
  const counts = {} as Counts;
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

const describeCounts = (counts: Counts) =>
  `${counts.users} users, ${counts.sessions} sessions and ${counts.notes} notes`;

/** Copies one table in batches in id order, so memory stays flat however large it is. */
async function copyTable(
  from: AnyDb,
  to: AnyDb,
  table: TableName,
  total: number,
  options: CopyOptions,
): Promise<void> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let copied = 0;
  let lastId: string | undefined;
  for (;;) {
    let query = from.selectFrom(table).selectAll().orderBy('id').limit(batchSize);
    if (lastId !== undefined) query = query.where('id', '>', lastId);
    const rows = await query.execute();
    if (rows.length === 0) break;
    await to.insertInto(table).values(rows).execute();
    copied += rows.length;
    lastId = rows[rows.length - 1]?.id as string;
    options.progress(`copied ${copied}/${total} ${table}`);
    if (rows.length < batchSize) break;
  }
}

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
        for (const table of TABLES) await copyTable(from, to, table, expected[table], options);
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

/** `quire db copy --from URL --to URL [--force]`: users, sessions and notes, exactly. */
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
