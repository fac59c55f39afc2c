import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BatchedSqliteDriver } from './batched-sqlite-driver.js';

interface Schema {
  parents: { id: string };
  rows: { id: string; parent: string | null };
}

let dir: string;
let driver: BatchedSqliteDriver;
let db: Kysely<Schema>;
let observer: SQLite.Database;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-batch-'));
  const file = path.join(dir, 'batch.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(`create table parents (id text primary key);
    create table rows (id text primary key,
      parent text references parents (id) deferrable initially deferred);`);
  driver = new BatchedSqliteDriver({ database: sqlite });

  db = new Kysely<Schema>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  // Another connection sees only what is committed.
  observer = new SQLite(file, { readonly: true });
});

afterEach(async () => {
  observer.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const committedIds = () =>
  (observer.prepare('select id from rows order by id').all() as { id: string }[]).map(
    (row) => row.id,
  );

/** A write as a request makes it: a transaction, which resolves once its batch committed. */
const write = (id: string, parent: string | null = null, fail = false) =>
  db.transaction().execute(async (trx) => {
    await trx.insertInto('rows').values({ id, parent }).execute();
    if (fail) throw new Error(`${id} fails`);
  });

describe('BatchedSqliteDriver', () => {
  it('commits every one of many writes that arrive together', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `r${String(i).padStart(2, '0')}`);
    await Promise.all(ids.map((id) => write(id)));
    expect(committedIds()).toEqual(ids);
  });

  it('undoes only the failing write of a batch', async () => {
    const results = await Promise.allSettled([write('a'), write('b', null, true), write('c')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedIds()).toEqual(['a', 'c']);
  });

  it('tells every writer of a batch whose commit failed, and keeps none of it', async () => {
    // A deferred foreign key is checked only at the commit, which then fails for the batch.
    const results = await Promise.allSettled([write('x'), write('y', 'no such parent')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(committedIds()).toEqual([]);
    await write('z');
    expect(committedIds()).toEqual(['z']);
  });

  it('tells its listeners of each commit, a statement run on its own included', async () => {
    const seen: string[][] = [];
    driver.onCommit(() => seen.push(committedIds()));
    await Promise.all(['a', 'b', 'c'].map((id) => write(id)));
    expect(seen).toEqual([['a', 'b', 'c']]);
    await db.insertInto('rows').values({ id: 'd', parent: null }).execute();
    await db.selectFrom('rows').selectAll().execute();
    expect(seen).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c', 'd'],
    ]);
  });

  it('answers each write only once it is committed, also in a loop of awaits', async () => {
    for (let i = 0; i < 50; i += 1) {
      await write(`loop${String(i).padStart(2, '0')}`);
      expect(committedIds()).toHaveLength(i + 1);
    }
  });

  it('commits a statement run on its own at once, with the batch open before it', async () => {
    const batched = write('a');
    await db.insertInto('rows').values({ id: 'b', parent: null }).execute();
    expect(committedIds()).toEqual(['a', 'b']);
    await batched;
  });
});
