import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/server/db/migrate.js';
import {
  namesLeadingTo,
  notesLinkingTo,
  rebuildLinkIndex,
} from '../src/server/links/link-index.js';
import { listOrderSql } from '../src/server/notes/list-order-sql.js';
import { listNotes } from '../src/server/notes/note-repository.js';
import type { Database } from '../src/server/storage/database.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import { compareListOrder, type ListOrderKey } from '../src/shared/list-order.js';
import { linkKey } from '../src/shared/wiki-links.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

// The same rows, sorted by the database's list order and by compareListOrder, come out the
// same: ties in time, in time and change, and ids that sort differently as UTF-16 and as bytes.
const userId = 'u-list-order';
const ODD_IDS = ['a', 'b', 'B', 'ab', 'abc', 'é', '\uFFFD', '\u{1F600}', '0', '~', 'Z', 'zz'];
/** Most notes tie on something: on time and change (the odd ids), on time, or on change. */
const NOTES = [
  ...ODD_IDS.map((id) => ({ id, timeLastModified: 101, changeSeq: 2, deleted: false })),
  ...Array.from({ length: 20 }, (_, i) => ({
    id: `n${i}`,
    timeLastModified: 100 + (i % 3),
    changeSeq: 1 + ((i * 7) % 3),
    deleted: i % 5 === 4,
  })),
];

let testDatabase: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.location);
  await migrateToLatest(database.db);
  await database.db
    .insertInto('users')
    .values({
      id: userId,
      email: 'order@x.org',
      password_hash: 'x',
      time_created: 1,
      change_seq: 9,
    })
    .execute();
  await database.db
    .insertInto('notes')
    .values([
      ...NOTES.map((note) => ({
        id: note.id,
        user_id: userId,
        body: `Shared\n[[Hub]] ${note.id}`,
        time_created: 1,
        time_last_modified: note.timeLastModified,
        time_deleted: note.deleted ? 200 : null,
        revision: 1,
        change_seq: note.changeSeq,
      })),
      {
        id: 'hub',
        user_id: userId,
        body: 'Hub',
        time_created: 1,
        time_last_modified: 50,
        revision: 1,
        change_seq: 1,
      },
    ])
    .execute();
  await rebuildLinkIndex(database.db);
});
afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

const listed = NOTES.filter((note) => !note.deleted);
const byComparator = (notes: ListOrderKey[]) => [...notes].sort(compareListOrder).map((n) => n.id);

describe('the list order in SQL and in compareListOrder', () => {
  it('lists the notes in the same order', async () => {
    const expected = [...byComparator(listed), 'hub'];
    expect((await listNotes(database.db, userId)).map((note) => note.id)).toEqual(expected);
    const read = await database.readList(userId);
    const parts: Buffer[] = [];
    for await (const chunk of read.chunks) parts.push(chunk);
    const { results } = JSON.parse(Buffer.concat(parts).toString()) as {
      results: { id: string }[];
    };
    expect(results.map((note) => note.id)).toEqual(expected);
  });

  it('reverses to the same order, oldest first', async () => {
    const { rows } = await sql<{ id: string }>`select id from notes where user_id = ${userId}
      order by ${sql.raw(listOrderSql(undefined, { reversed: true }))}`.execute(database.db);
    // The trash too: the rebuild of the search index numbers every note.
    expect(rows.map((row) => row.id).reverse()).toEqual([...byComparator(NOTES), 'hub']);
  });

  it('answers the links to a note, and a shared name, in the same order', async () => {
    const { notes } = await notesLinkingTo(database.db, userId, 'hub');
    expect(notes.map((note) => note.id)).toEqual(byComparator(listed));
    const names = await namesLeadingTo(
      database.db,
      userId,
      listed.map((note) => note.id),
    );
    expect(names).toEqual([{ noteId: byComparator(listed)[0], key: linkKey('Shared') }]);
  });
});
