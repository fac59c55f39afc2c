import { sql } from 'kysely';
import { atomically } from '../db/atomically.js';
import { prepared } from '../db/prepared-query.js';
import type { Db } from '../db/schema.js';
import { invalidInput } from '../domain-errors.js';
import type { ChangeClock } from './change-clock.js';

const changeSeqOf = prepared((db: Db, p: { userId: string }) =>
  db.selectFrom('users').select('change_seq').where('id', '=', p.userId),
);

/** The cursor of a user's change counter as read (none for a user without a row: 0). */
export function cursorOfCounter(changeSeq: unknown): string {
  return String(Number(changeSeq ?? 0));
}

async function counter(db: Db, userId: string): Promise<number> {
  const row = await changeSeqOf.executeTakeFirst(db, { userId });
  return Number(cursorOfCounter(row?.change_seq));
}

/**
 * A note written takes the user's change counter plus one, one row (never a scan of their
 * notes), and the counter then counts it (`counted`).
 */
export const nextFromCounter = (p: { userId: string }) =>
  sql<number>`(select change_seq + 1 from users where id = ${p.userId})`;

const countChange = prepared((db: Db, p: { userId: string }) =>
  db
    .updateTable('users')
    .set((eb) => ({ change_seq: eb('change_seq', '+', 1) }))
    .where('id', '=', p.userId),
);

/**
 * A write whose row took the user's counter plus one (`nextFromCounter`), and the counter then
 * counting it, both or neither. Nothing is counted when `write` stores nothing.
 */
export const counted = <T>(db: Db, userId: string, write: (trx: Db) => Promise<T | undefined>) =>
  atomically(db, async (trx) => {
    const stored = await write(trx);
    if (stored !== undefined) await countChange.execute(trx, { userId });
    return stored;
  });

/**
 * SQLite commits one write at a time, so a user's change counter (one row, moved by every
 * change to one of their notes) orders their changes; a cursor is its value in decimal.
 */
export const sqliteChangeClock: ChangeClock = {
  parse(text) {
    if (!/^(0|[1-9]\d{0,14})$/.test(text)) throw invalidInput('The since cursor is not valid');
    return text;
  },
  now: async (db, userId) => cursorOfCounter(await counter(db, userId)),
  isAhead: async (db, userId, cursor) => Number(cursor) > (await counter(db, userId)),
  unchangedSince: async (db, userId, cursor) => Number(cursor) === (await counter(db, userId)),
  writtenAfter: (cursor) => sql<boolean>`change_seq > ${Number(cursor)}`,
  async reserve(db, userId, count) {
    const row = await db
      .updateTable('users')
      .set((eb) => ({ change_seq: eb('change_seq', '+', count) }))
      .where('id', '=', userId)
      .returning('change_seq')
      .executeTakeFirstOrThrow();
    const first = Number(row.change_seq) - count + 1;
    return Array.from({ length: count }, (_, index) => first + index);
  },
  async continueAfterCopy(db) {
    await sql`update users set change_seq = max(change_seq,
      coalesce((select max(change_seq) from notes where user_id = users.id), 0),
      coalesce((select max(change_seq) from note_tombstones where user_id = users.id), 0))`.execute(
      db,
    );
  },
};
