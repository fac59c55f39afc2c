import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * The rows of `table` that an SQLite database file holds on its own, as a copy of the file
 * taken without its WAL (a file-level backup) would see them: 0 while the table itself is
 * only in the WAL. The copy is made in `scratchDir`.
 */
export function rowsInFileAlone(file: string, table: string, scratchDir: string): number {
  const copy = path.join(scratchDir, 'file-alone.db');
  fs.copyFileSync(file, copy);
  const reader = new SQLite(copy, { readonly: true });
  try {
    const exists = reader.prepare('select 1 from sqlite_master where name = ?').get(table);
    if (!exists) return 0;
    return (reader.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
  } finally {
    reader.close();
    fs.rmSync(copy, { force: true });
  }
}
