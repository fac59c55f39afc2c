import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { prepared } from './prepared-query.js';
import type { Db } from './schema.js';

let db: Db;
beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  await sql`create table users (id text primary key, email text, password_hash text,
    time_created integer, change_seq integer)`.execute(db);
  for (const [id, seq] of [
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ] as const) {
    await db
      .insertInto('users')
      .values({ id, email: `${id}@x`, password_hash: '', time_created: 0, change_seq: seq })
      .execute();
  }
});
afterEach(async () => db.destroy());

const emailsAfter = prepared((db: Db, p: { after: number; not: string }) =>
  db
    .selectFrom('users')
    .select('email')
    .where('change_seq', '>', p.after)
    .where('id', '!=', p.not)
    .where('email', 'like', '%@x')
    .orderBy('email'),
);

it('runs the query it was built as, with the values of each call', async () => {
  expect(await emailsAfter.execute(db, { after: 1, not: 'z' })).toEqual([
    { email: 'b@x' },
    { email: 'c@x' },
  ]);
  expect(await emailsAfter.execute(db, { after: 0, not: 'b' })).toEqual([
    { email: 'a@x' },
    { email: 'c@x' },
  ]);
  expect(await emailsAfter.executeTakeFirst(db, { after: 2, not: 'z' })).toEqual({ email: 'c@x' });
});

it('writes, and runs inside a transaction', async () => {
  const bump = prepared((db: Db, p: { id: string }) =>
    db
      .updateTable('users')
      .set((eb) => ({ change_seq: eb('change_seq', '+', 1) }))
      .where('id', '=', p.id)
      .returning('change_seq'),
  );
  const seq = await db.transaction().execute((trx) => bump.executeTakeFirst(trx, { id: 'c' }));
  expect(seq).toEqual({ change_seq: 4 });
});

it('refuses a query that writes a parameter into its text', async () => {
  const inlined = prepared((db: Db, p: { id: string }) =>
    db.selectFrom('users').select('id').where('id', '=', sql.lit(p.id)),
  );
  await expect(inlined.execute(db, { id: 'a' })).rejects.toThrow('a parameter was inlined');
});
