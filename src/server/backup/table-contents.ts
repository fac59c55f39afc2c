import { createHash } from 'node:crypto';
import { type AnyDb, KEYS, OTHER_KEYS, tableBatches } from '../db/copied-tables.js';
import type { Db } from '../db/schema.js';

/** A table as a backup's manifest records it: how many rows, and a checksum of them all. */
export interface TableContent {
  rows: number;
  /** SHA-256 of the rows in key order, each written the same way every time. */
  sha256: string;
}

export type TableContents = Record<string, TableContent>;

const CHECKED: Record<string, readonly string[]> = { ...KEYS, ...OTHER_KEYS };

/** One value as text that reads the same from every database of a kind. */
function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('base64') };
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** One row as a line: its columns in name order, so a column's place in the table is no matter. */
function rowLine(row: Record<string, unknown>): string {
  const columns = Object.keys(row).sort();
  return JSON.stringify(columns.map((column) => [column, canonical(row[column])]));
}

/**
 * Counts and checksums of every table that holds what accounts own. A backup records them as
 * it is made; its check reads them back from the restored copy and compares.
 */
export async function readTableContents(db: Db): Promise<TableContents> {
  const contents: TableContents = {};
  for (const [table, keys] of Object.entries(CHECKED)) {
    const hash = createHash('sha256');
    let rows = 0;
    for await (const batch of tableBatches(db as unknown as AnyDb, table, keys)) {
      for (const row of batch) hash.update(`${rowLine(row)}\n`);
      rows += batch.length;
    }
    contents[table] = { rows, sha256: hash.digest('hex') };
  }
  return contents;
}
