import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsInFileAlone } from '../../../test/helpers/sqlite-file-alone.js';
import { openDatabase } from '../storage/open-database.js';
import { CHECKPOINT_AFTER_BYTES } from './wal-checkpointer.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-database-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('an SQLite database as Quire opens it', () => {
  it('copies what its writes put in the WAL into the database file, after them', async () => {
    const file = path.join(dir, 'quire.db');
    const database = await openDatabase({ kind: 'sqlite', file });
    try {
      const { db } = database;
      await sql`create table pages (text text not null)`.execute(db);
      const page = 'x'.repeat(256 * 1024);
      let rows = 0;
      while (fs.statSync(`${file}-wal`).size <= CHECKPOINT_AFTER_BYTES) {
        await db
          .transaction()
          .execute((trx) => sql`insert into pages values (${page})`.execute(trx));
        rows += 1;
      }
      // The writes are answered before their pages reach the file: a worker copies them after.
      expect(rowsInFileAlone(file, 'pages', dir)).toBeLessThan(rows);
      await expect.poll(() => rowsInFileAlone(file, 'pages', dir), { timeout: 10_000 }).toBe(rows);
    } finally {
      await database.close();
    }
  });
});
