import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { migrations } from '../src/server/db/migrations/index.js';
import { searchNotes } from '../src/server/search/search-notes.js';
import {
  SQLITE_INDEXED_BODY,
  SQLITE_INDEXED_TITLE,
  SQLITE_OWNER,
} from '../src/server/search/sqlite-search-schema.js';
import type { Database } from '../src/server/storage/database.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

// A database whose notes were indexed before search knew stems: the migration that adds the
// index of stems fills it, so its notes are found by their stems before any of them is saved.
const STEMS = '0022-search-english-stems';
const names = Object.keys(migrations);
const beforeStems = names[names.indexOf(STEMS) - 1] as string;
const userId = 'a0000000-0000-4000-8000-000000000000';

let testDatabase: TestDatabase;
let database: Database;
beforeEach(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.location);
});
afterEach(async () => {
  await database.close();
  await testDatabase.drop();
});

const migrator = () =>
  new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });

const found = async (text: string) => {
  const { results } = await searchNotes(database.search, {
    userId,
    text,
    limit: 50,
    includeTrash: false,
  });
  return results.map((result) => result.note.body.split('\n')[0]);
};

it('indexes the stems of the notes there already, and can be undone', async () => {
  expect((await migrator().migrateTo(beforeStems)).error).toBeUndefined();
  await database.db
    .insertInto('users')
    .values({ id: userId, email: 'a@example.com', password_hash: 'x', time_created: 0 })
    .execute();
  const bodies = ['Soup recipe\nwarm and easy', 'Baking\nrecipes for bread', 'Race\nrunning'];
  for (const [i, body] of bodies.entries()) {
    const at = i + 1;
    await database.db
      .insertInto('notes')
      .values({
        id: `n${at}`,
        user_id: userId,
        body,
        time_created: at,
        time_last_modified: at,
        revision: 1,
        change_seq: at,
      })
      .execute();
  }
  // The index as it stood: every note in it, none waiting.
  const rebuild =
    database.kind === 'postgres'
      ? [
          'delete from note_search_pending',
          'delete from note_search',
          `insert into note_search (note_id, user_id, in_trash, time_last_modified, change_seq,
             title, body)
           select n.id, n.user_id, n.time_deleted is not null, n.time_last_modified, n.change_seq,
             quire_search_vector(quire_note_title(n.body)), quire_search_vector(n.body)
           from notes n`,
        ]
      : [
          `insert into note_search (note_search) values ('delete-all')`,
          'delete from note_search_docs',
          'insert into note_search_docs (note_id) select id from notes order by change_seq',
          `insert into note_search (rowid, owner, title, body)
           select d.doc, ${SQLITE_OWNER('n')}, ${SQLITE_INDEXED_TITLE('n.body')},
             ${SQLITE_INDEXED_BODY('n.body')}
           from notes n join note_search_docs d on d.note_id = n.id`,
          'delete from note_search_pending',
        ];
  for (const statement of rebuild) await sql.raw(statement).execute(database.db);

  expect(await migrateToLatest(database.db)).toContain(STEMS);
  const waiting = await sql`select 1 from note_search_pending`.execute(database.db);
  expect(waiting.rows).toEqual([]);
  expect(await found('recipes')).toEqual(['Baking', 'Soup recipe']);
  expect(await found('runs')).toEqual(['Race']);

  // Down to before the stems (and the migrations after them), then up again.
  const down = await migrator().migrateTo(beforeStems);
  expect(down.error).toBeUndefined();
  expect(down.results?.map((result) => result.migrationName)).toContain(STEMS);
  expect(await migrateToLatest(database.db)).toContain(STEMS);
  expect(await found('runs')).toEqual(['Race']);
});
