import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../storage/database.js';
import { openDatabase } from '../storage/open-database.js';
import { parseSearchQuery } from './search-query.js';
import {
  catchUpSqliteIndex,
  mergeSqliteIndex,
  sqliteIndexBehind,
} from './sqlite-index-catch-up.js';
import { sqliteSearch } from './sqlite-search.js';

let dir: string;
let database: Database;
const userId = 'a0000000-0000-4000-8000-000000000000';
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-index-'));
  database = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'index.db') });
  await migrateToLatest(database.db);
  await database.db
    .insertInto('users')
    .values({ id: userId, email: 'a@example.com', password_hash: 'x', time_created: 0 })
    .execute();
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const search = (text: string) =>
  sqliteSearch(database.db)({
    userId,
    query: parseSearchQuery(text),
    limit: 50,
    includeTrash: false,
  });

it('indexes what waits in both indexes, merges their segments when asked, and still finds every note', async () => {
  for (let i = 0; i < 40; i += 1) {
    const note = {
      id: `n${i}`,
      user_id: userId,
      body: `Note ${i}\nlighthouse keeper ${i % 2 === 0 ? 'even' : 'odd'}`,
      time_created: i,
      time_last_modified: i,
      revision: 1,
      change_seq: i + 1,
    };
    await database.db.insertInto('notes').values(note).execute();
    expect(await sqliteIndexBehind(database.db, userId)).toBe(true);
    expect(await catchUpSqliteIndex(database.db, { limit: 25 })).toBe(1);
  }
  expect(await sqliteIndexBehind(database.db)).toBe(false);
  let steps = 0;
  while (await mergeSqliteIndex(database.db)) steps += 1;
  expect(steps).toBeGreaterThan(0); // forty one-note segments, unmerged until now
  expect(await mergeSqliteIndex(database.db)).toBe(false);
  expect((await search('lighthouse')).length).toBe(40);
  expect((await search('even')).length).toBe(20);
  expect((await search('keepers')).length).toBe(40); // by the stem, from the other index
});

it('numbers a note saved again while it waited as the newest written', async () => {
  const note = (id: string, body: string, changeSeq: number) => ({
    id,
    user_id: userId,
    body,
    time_created: changeSeq,
    time_last_modified: changeSeq,
    revision: 1,
    change_seq: changeSeq,
  });
  await database.db
    .insertInto('notes')
    .values(note('first', 'Heron one', 1))
    .execute();
  await database.db
    .insertInto('notes')
    .values(note('second', 'Heron two', 2))
    .execute();
  await database.db
    .updateTable('notes')
    .set({ body: 'Heron one, edited', time_last_modified: 3, change_seq: 3 })
    .where('id', '=', 'first')
    .execute();
  expect(await catchUpSqliteIndex(database.db, { limit: 25 })).toBe(2);
  const docs = await sql<{ note_id: string }>`
    select note_id from note_search_docs order by doc`.execute(database.db);
  expect(docs.rows.map((row) => row.note_id)).toEqual(['second', 'first']);
  expect((await search('edited')).map((note) => note.id)).toEqual(['first']);
});
