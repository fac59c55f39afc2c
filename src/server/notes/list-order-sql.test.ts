import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { expect, it } from 'vitest';
import type { DatabaseSchema } from '../db/schema.js';
import { inListOrder, LIST_ORDER, listOrderSql } from './list-order-sql.js';

const db = new Kysely<DatabaseSchema>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

it('sorts the built queries as the statements written as text do', () => {
  const { sql } = inListOrder(db.selectFrom('notes').select('id')).compile();
  expect(sql.replaceAll('"', '')).toBe(`select id from notes order by ${LIST_ORDER}`);
  expect(LIST_ORDER).toBe('time_last_modified desc, change_seq desc, id desc');
  expect(listOrderSql('n')).toBe('n.time_last_modified desc, n.change_seq desc, n.id desc');
});

it('reverses the order whole, every column, for numbering the oldest first', () => {
  expect(listOrderSql(undefined, { reversed: true })).toBe(
    'time_last_modified asc, change_seq asc, id asc',
  );
});
