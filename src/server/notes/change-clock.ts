import type { RawBuilder } from 'kysely';
import type { Db } from '../db/schema.js';

/**
 * The one answer to "what changed in a user's notes since then?", and the change numbers that
 * order a user's changes (ties in the list, export pages). A cursor names a point in the user's
 * changes; clients hold it as an opaque string (resync, the list's entity tag). SQLite writes
 * one transaction at a time, so a per-user counter says it. PostgreSQL commits many at once, in
 * any order, so there a cursor is a snapshot of which transactions had committed.
 */
export interface ChangeClock {
  /** A cursor from a client, checked; throws `invalid_input` for one this clock never made. */
  parse(text: string): string;
  /** The cursor now: every change committed before the call lies at or before it. */
  now(db: Db, userId: string): Promise<string>;
  /** True when `cursor` is ahead of the database, as after restoring an older backup. */
  isAhead(db: Db, userId: string, cursor: string): Promise<boolean>;
  /** True when nothing of the user's notes changed after `cursor` (and it is not ahead). */
  unchangedSince(db: Db, userId: string, cursor: string): Promise<boolean>;
  /** A condition on a row of `notes` or `note_tombstones`: written after `cursor`. */
  writtenAfter(cursor: string): RawBuilder<boolean>;
  /** `count` change numbers at once, for an import: one statement, in order. */
  reserve(db: Db, userId: string, count: number): Promise<number[]>;
  /** After rows came in with change numbers of their own (a copy): the next come after them. */
  continueAfterCopy(db: Db): Promise<void>;
}
