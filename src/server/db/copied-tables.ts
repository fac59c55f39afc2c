import type { Kysely } from 'kysely';

// The tables that hold what accounts own, as copies, backups and their checks walk them.

/** Parents before children, so foreign keys hold at every step. */
export const TABLES = [
  'users',
  'oidc_identities',
  'sessions',
  'api_tokens',
  'notes',
  'note_links',
  'note_link_names',
  'note_versions',
  'note_sync_checkpoints',
  'note_sync_updates',
  'note_tombstones',
  'import_keys',
  'attachments',
  'spelling_settings',
  'dictionary_words',
  'shares',
] as const;
export type TableName = (typeof TABLES)[number];
export type Counts = Record<TableName, number>;

/** Each table's primary key: a copy walks every table in key order, a batch at a time. */
export const KEYS: Record<TableName, readonly [string, ...string[]]> = {
  users: ['id'],
  // Who signs in through an OpenID provider goes with the account; one-time codes do not.
  oidc_identities: ['issuer', 'subject'],
  sessions: ['id'],
  api_tokens: ['id'],
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
  spelling_settings: ['user_id'],
  dictionary_words: ['user_id', 'word'],
  // A link keeps working after a move: its token's hash moves with it.
  shares: ['id'],
};

/**
 * Tables a copy moves its own way (recovery codes after the rest, attachment bytes wherever
 * each side keeps them) but whose rows a backup's check still covers.
 */
export const OTHER_KEYS = {
  recovery_codes: ['user_id', 'code_hash'],
  attachment_chunks: ['attachment_id', 'seq'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

// Copies and checks treat every table's rows alike, as plain records.
export type Row = Record<string, unknown>;
export type AnyDb = Kysely<Record<string, Row>>;

export const DEFAULT_BATCH_SIZE = 500;

/**
 * PostgreSQL's `change_xid` names transactions of that database only; the target sets its own
 * (migration 0014), and a SQLite target has no such column.
 */
export function withoutLocalColumns(row: Row): Row {
  const { change_xid: _local, ...rest } = row;
  return rest;
}

export async function countRows(db: AnyDb): Promise<Counts> {
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

/** A table's rows in key order, a batch at a time, so memory stays flat however large it is. */
export async function* tableBatches(
  from: AnyDb,
  table: string,
  keys: readonly string[],
  batchSize = DEFAULT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  let last: Row | undefined;
  for (;;) {
    let query = from.selectFrom(table).selectAll().limit(batchSize);
    for (const key of keys) query = query.orderBy(key);
    const after = last;
    if (after) {
      // Rows after the last one read, in key order: (k1 > a) or (k1 = a and k2 > b) …
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
    if (rows.length === 0) return;
    yield rows;
    last = rows[rows.length - 1];
    if (rows.length < batchSize) return;
  }
}

/**
 * Every row of the tables accounts own, `from` one database `to` another (each may be a
 * transaction), parents first; attachments' bytes are left to the caller.
 */
export async function copyTableRows(
  from: AnyDb,
  to: AnyDb,
  counts: Counts,
  options: { batchSize?: number; progress(line: string): void },
): Promise<void> {
  for (const table of TABLES) {
    let copied = 0;
    for await (const rows of tableBatches(from, table, KEYS[table], options.batchSize)) {
      await to.insertInto(table).values(rows).execute();
      copied += rows.length;
      options.progress(`copied ${copied}/${counts[table]} ${table}`);
    }
  }
  // Recovery codes have no id of their own: they are copied in (user, hash) order.
  const keys = OTHER_KEYS.recovery_codes;
  for await (const rows of tableBatches(from, 'recovery_codes', keys, options.batchSize)) {
    await to.insertInto('recovery_codes').values(rows).execute();
  }
}
