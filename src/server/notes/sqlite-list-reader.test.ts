import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../storage/database.js';
import { openDatabase } from '../storage/open-database.js';

let dir: string;
let database: Database;
const userId = 'u1';
const NOTES = 2500; // three chunks

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-list-'));
  database = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'quire.db') });
  await migrateToLatest(database.db);
  await database.db
    .insertInto('users')
    .values({ id: userId, email: 'a@b.c', password_hash: 'x', time_created: 1, change_seq: NOTES })
    .execute();
  const rows = Array.from({ length: NOTES }, (_, i) => ({
    id: `n${i}`,
    user_id: userId,
    body: `note ${i} "quoted" é`,
    time_created: 1000 + i,
    time_last_modified: 1000 + i,
    revision: 1,
    change_seq: i + 1,
  }));
  await database.db.insertInto('notes').values(rows).execute();
});

afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function text(chunks: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString();
}

describe('the SQLite list, read as it is sent', () => {
  it('comes in chunks that join into the whole list, newest first', async () => {
    const read = await database.readList(userId);
    const chunks: Buffer[] = [];
    for await (const chunk of read.chunks) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    const { results } = JSON.parse(Buffer.concat(chunks).toString());
    expect(results).toHaveLength(NOTES);
    expect(results[0]).toEqual({
      id: `n${NOTES - 1}`,
      body: `note ${NOTES - 1} "quoted" é`,
      timeCreated: 1000 + NOTES - 1,
      timeLastModified: 1000 + NOTES - 1,
      revision: 1,
    });
    expect(read.cursor).toBe(String(NOTES));
  });

  it('is the list as of its cursor, whatever is written while it is sent', async () => {
    const read = await database.readList(userId);
    const iterator = read.chunks[Symbol.asyncIterator]();
    const first = await iterator.next();
    // The oldest note moves to the top and another goes to the trash, mid-way.
    await database.db
      .updateTable('notes')
      .set({ body: 'changed', time_last_modified: 9999, revision: 2, change_seq: NOTES + 1 })
      .where('id', '=', 'n0')
      .execute();
    await database.db
      .updateTable('notes')
      .set({ time_deleted: 9999, change_seq: NOTES + 2 })
      .where('id', '=', 'n1')
      .execute();
    await database.db
      .updateTable('users')
      .set({ change_seq: NOTES + 2 })
      .execute();
    const rest = await text({ [Symbol.asyncIterator]: () => iterator });
    const { results } = JSON.parse((first.value as Buffer).toString() + rest);
    expect(read.cursor).toBe(String(NOTES));
    expect(results).toHaveLength(NOTES);
    expect(results.at(-1)).toMatchObject({ id: 'n0', body: 'note 0 "quoted" é', revision: 1 });
    expect(results.at(-2)).toMatchObject({ id: 'n1' });
    const again = await database.readList(userId);
    const now = JSON.parse(await text(again.chunks)).results;
    expect(again.cursor).toBe(String(NOTES + 2));
    expect(now[0]).toMatchObject({ id: 'n0', body: 'changed' });
    expect(now).toHaveLength(NOTES - 1);
  });
});
