import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { expect, it } from 'vitest';
import { migrations } from './index.js';

const upTo = (last: string) =>
  Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

it('gives each note the time of its newest kept snapshot, from its history', async () => {
  // biome-ignore lint/suspicious/noExplicitAny: the schema as it was before this migration
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  const migrate = (last: string) =>
    new Migrator({ db, provider: { getMigrations: async () => upTo(last) } }).migrateToLatest();
  expect((await migrate('0010-search-queue-order')).error).toBeUndefined();
  await db
    .insertInto('users')
    .values({ id: 'u', email: 'u@example.com', password_hash: 'x', time_created: 0 })
    .execute();
  const note = { user_id: 'u', body: 'b', time_created: 1, time_last_modified: 1, change_seq: 1 };
  await db
    .insertInto('notes')
    .values([
      { ...note, id: 'kept', revision: 4 },
      { ...note, id: 'fresh', revision: 1 },
    ])
    .execute();
  const version = { note_id: 'kept', user_id: 'u', body: 'x', time_last_modified: 1 };
  await db
    .insertInto('note_versions')
    .values([
      { ...version, revision: 1, time_archived: 100, reason: 'edit', kept: 1 },
      { ...version, revision: 2, time_archived: 300, reason: 'conflict', kept: 1 },
      { ...version, revision: 3, time_archived: 400, reason: 'edit', kept: 0 },
    ])
    .execute();

  expect((await migrate('0011-note-snapshot-time')).error).toBeUndefined();
  const rows = await db.selectFrom('notes').select(['id', 'time_snapshot']).orderBy('id').execute();
  expect(rows).toEqual([
    { id: 'fresh', time_snapshot: null },
    { id: 'kept', time_snapshot: 300 },
  ]);
  await db.destroy();
});
