import { sql } from 'kysely';
import { invalidInput } from '../domain-errors.js';
import type { ChangeClock } from './change-clock.js';

/** Transactions a snapshot may list as running; PostgreSQL's own bound is its connections. */
const MAX_RUNNING = 1000;
const MAX_XID = (1n << 63n) - 1n;

const notValid = () => invalidInput('The since cursor is not valid');

/**
 * A cursor is `pg_current_snapshot()` as text, `xmin:xmax:running,…`. It is checked here as
 * PostgreSQL would (which would refuse a bad one with an error, not a 400).
 */
function parseSnapshot(text: string): string {
  const match = /^(\d{1,19}):(\d{1,19}):((?:\d{1,19}(?:,\d{1,19})*)?)$/.exec(text);
  if (!match) throw notValid();
  const xmin = BigInt(match[1] as string);
  const xmax = BigInt(match[2] as string);
  if (xmin < 1n || xmax < xmin || xmax > MAX_XID) throw notValid();
  const running = match[3] ? (match[3] as string).split(',').map(BigInt) : [];
  if (running.length > MAX_RUNNING) throw notValid();
  let previous = xmin - 1n;
  for (const xid of running) {
    if (xid <= previous || xid >= xmax) throw notValid();
    previous = xid;
  }
  return text;
}

/** Written by a transaction the snapshot `cursor` did not see as committed. */
const unseenBy = (cursor: string) =>
  sql<boolean>`(change_xid >= pg_snapshot_xmin(${cursor}::pg_snapshot)
    and not pg_visible_in_snapshot(change_xid, ${cursor}::pg_snapshot))`;

/**
 * A note written takes the next of one sequence, which no transaction waits on, so a user's
 * writes need not take turns.
 */
export const nextFromSequence = () => sql<number>`nextval('note_change_seq')`;

/**
 * PostgreSQL commits a user's changes side by side and in any order, so no counter can say
 * which of them a reader has seen. Every note row and tombstone records the transaction that
 * wrote it (migration 0014), and a cursor is the snapshot a read was made in: what changed
 * since is what that snapshot could not see. Nothing is locked to take one.
 */
export const postgresChangeClock: ChangeClock = {
  parse: parseSnapshot,
  async now(db) {
    const { rows } = await sql<{ snapshot: string }>`
      select pg_current_snapshot()::text as snapshot`.execute(db);
    return (rows[0] as { snapshot: string }).snapshot;
  },
  async isAhead(db, _userId, cursor) {
    const { rows } = await sql<{ ahead: boolean }>`
      select pg_snapshot_xmax(${cursor}::pg_snapshot)
        > pg_snapshot_xmax(pg_current_snapshot()) as ahead`.execute(db);
    return rows[0]?.ahead === true;
  },
  async unchangedSince(db, userId, cursor) {
    const { rows } = await sql<{ unchanged: boolean }>`
      select pg_snapshot_xmax(${cursor}::pg_snapshot) <= pg_snapshot_xmax(pg_current_snapshot())
        and not exists (select 1 from notes where user_id = ${userId} and ${unseenBy(cursor)})
        and not exists (select 1 from note_tombstones
          where user_id = ${userId} and ${unseenBy(cursor)}) as unchanged`.execute(db);
    return rows[0]?.unchanged === true;
  },
  writtenAfter: unseenBy,
  async reserve(db, _userId, count) {
    const { rows } = await sql<{ seq: string }>`
      select nextval('note_change_seq') as seq from generate_series(1, ${count})`.execute(db);
    return rows.map((row) => Number(row.seq)).sort((a, b) => a - b);
  },
  async continueAfterCopy(db) {
    await sql`select setval('note_change_seq', greatest(1,
        (select max(change_seq) from notes), (select max(change_seq) from note_tombstones)))`.execute(
      db,
    );
  },
};
