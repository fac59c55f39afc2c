import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { prepared } from '../db/prepared-query.js';
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
};
