import type { Kysely, Transaction } from 'kysely';
import { loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { DatabaseLocation } from '../db/location.js';
import { describeLocation, sameLocation } from '../db/location.js';
import { migrateToLatest, pendingMigrations } from '../db/migrate.js';
import { openDatabase } from '../db/open-database.js';
import type { DatabaseSchema } from '../db/schema.js';
import { CliError } from './cli-error.js';
import { type AttachmentPlace, copyAttachmentBytes } from './copy-attachment-bytes.js';

/** Parents before children, so foreign keys hold at every step. */
const TABLES = [
  'users',
  'sessions',
  'notes',
  'note_links',
  'note_link_names',
  'note_versions',
  'note_sync_checkpoints',
  'note_sync_updates',
  'note_tombstones',
  'import_keys',
  'attachments',
] as const;
type TableName = (typeof TABLES)[number];
type Counts = Record<TableName, number>;

/** Each table's primary key: the copy walks every table in key order, a batch at a time. */
const KEYS: Record<TableName, readonly [string, ...string[]]> = {
  users: ['id'],
  sessions: ['id'],
  notes: ['id'],
  note_links: ['note_id', 'target_key'],
  note_link_names: ['note_id', 'name_key'],
  note_versions: ['note_id', 'revision'],
  // A note's document goes with it: devices hold its characters' identities (docs/sync.md).
  note_sync_checkpoints: ['note_id'],
  note_sync_updates: ['note_id', 'revision'],
  note_tombstones: ['user_id', 'change_seq', 'note_id'],
  import_keys: ['user_id', 'key'],
  attachments: ['id'],
};

// The copy moves whole rows of every table alike, so it sees rows as plain records.
type Row = Record<string, unknown>;
type AnyDb = Kysely<Record<TableName, Row>>;

export const DEFAULT_BATCH_SIZE = 500;

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
  `${counts.users} users, ${counts.sessions} sessions, ${counts.notes} notes and ${counts.note_versions} note versions`;

/**
 * PostgreSQL's `change_xid` names transactions of that database only; the target sets its own
 * (migration 0014), and a SQLite target has no such column.
 */
function withoutLocalColumns(row: Row): Row {
  const { change_xid: _local, ...rest } = row;
  return rest;
}

/** Copies one table in batches in id order, so memory stays flat however large it is. */
async function copyTable(
  from: AnyDb,
  to: AnyDb,
  table: TableName,
  total: number,
  options: CopyOptions,
): Promise<void> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const keys = KEYS[table];
  let copied = 0;
  let last: Row | undefined;
  for (;;) {
    let query = from.selectFrom(table).selectAll().limit(batchSize);
    for (const key of keys) query = query.orderBy(key);
    const after = last;
    if (after) {
      // Rows after the last one copied, in key order: (k1 > a) or (k1 = a and k2 > b) …
      query = query.where((eb) =>
        eb.or(
          keys.map((key, i) =>
            eb.and([
              ...keys.slice(0, i).map((earlier) => eb(earlier, '=', after[earlier])),
              eb(key, '>', after[key]),
            ]),
          ),
        ),
      );
    }
    const rows = (await query.execute()).map(withoutLocalColumns);
    if (rows.length === 0) break;
    await to.insertInto(table).values(rows).execute();
    copied += rows.length;
    last = rows[rows.length - 1];
    options.progress(`copied ${copied}/${total} ${table}`);
    if (rows.length < batchSize) break;
  }
}

/** Recovery codes have no id of their own: they are copied in (user, hash) order. */
async function copyRecoveryCodes(
  from: Kysely<DatabaseSchema>,
  to: Kysely<DatabaseSchema>,
  batchSize: number,
): Promise<void> {
  let last: { user_id: string; code_hash: string } | undefined;
  for (;;) {
    let query = from
      .selectFrom('recovery_codes')
      .selectAll()
      .orderBy('user_id')
      .orderBy('code_hash')
      .limit(batchSize);
    if (last) {
      const after = last;
      query = query.where((eb) =>
        eb.or([
          eb('user_id', '>', after.user_id),
          eb.and([eb('user_id', '=', after.user_id), eb('code_hash', '>', after.code_hash)]),
        ]),
      );
    }
    const rows = await query.execute();
    if (rows.length === 0) return;
    await to.insertInto('recovery_codes').values(rows).execute();
    last = rows[rows.length - 1];
    if (rows.length < batchSize) return;
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
        await copyRecoveryCodes(sourceTrx, targetTrx, options.batchSize ?? DEFAULT_BATCH_SIZE);
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
