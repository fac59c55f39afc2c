import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { DROP_TRIGGERS, sqliteQueue, TRIGGERS } from './0010-search-queue-order.js';
import { postgresQueueSync } from './0015-postgres-search-queue.js';

// Re-queueing a note at every save rewrote its queue entry each time.
// - SQLite (`insert or replace`): its row and unique-index entry, three of the thirteen pages
//   a save wrote to the WAL. A note already waiting now keeps its place, and the catch-up
//   numbers the notes it takes in the order each was last written
//   (search/sqlite-index-catch-up.ts), which is what searches read as recency.
// - PostgreSQL (`do update`): a new version of the entry and of its three index entries. The
//   entry is now only locked (`do update … where false` locks without writing), which is all
//   the catch-up needs: it cannot take the entry away before the write commits.

const SQLITE_TRIGGERS = (enqueue: (row: string) => string) => [
  ...DROP_TRIGGERS,
  ...TRIGGERS(enqueue),
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
async function run(db: Kysely<any>, statements: { sqlite: string[]; postgres: string[] }) {
  for (const statement of isPostgres(db) ? statements.postgres : statements.sqlite) {
    await sql.raw(statement).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export const up = (db: Kysely<any>) =>
  run(db, {
    sqlite: SQLITE_TRIGGERS(sqliteQueue('insert or ignore')),
    postgres: [postgresQueueSync('do update set seq = excluded.seq where false')],
  });

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export const down = (db: Kysely<any>) =>
  run(db, {
    sqlite: SQLITE_TRIGGERS(sqliteQueue('insert or replace')),
    postgres: [postgresQueueSync('do update set user_id = excluded.user_id, seq = excluded.seq')],
  });
