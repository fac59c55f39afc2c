import type { QueryCreator, RawBuilder } from 'kysely';
import type { DatabaseSchema, Db } from '../db/schema.js';
import type { LogEntry } from '../sync/document-log.js';
import type { NoteRow } from './note-columns.js';
import type { VersionRow } from './version-repository.js';

export interface NewNote {
  id: string;
  userId: string;
  body: string;
  now: number;
  by: string;
}

/** The next revision of a note, where it is (list or trash), who wrote it, its newest snapshot. */
export interface NextRevision {
  id: string;
  userId: string;
  body: string;
  revision: number;
  timeLastModified: number;
  timeDeleted: number | null;
  by: string | null;
  timeSnapshot: number | null;
  timeListed: number | null;
}

/** What a revision replaces: the row's version as the writer read it. */
export interface Replacing {
  replacing: number;
  replacingChangeSeq: number;
}

/** A note's row as a revision left it. */
export type RevisedRow = NoteRow & { change_seq: number };

/**
 * The writes of a note that each database makes its own way: how a row takes its change number
 * (its change clock's write side) and how a writer holds a row while others write beside it.
 */
export interface NoteWrites {
  /** A read of a note's row for a write: held until the transaction ends where writes overlap. */
  forWrite<Q extends { forUpdate(): Q }>(query: Q): Q;
  /** A new note with the next change number; undefined, storing nothing, if its id is taken. */
  insert(db: Db, row: NewNote): Promise<{ id: string } | undefined>;
  /**
   * The next revision with the next change number, the replaced text into history and the
   * revision's document update into the note's log: all or none, and only while the row is
   * still the version replaced; undefined otherwise.
   */
  revise(
    db: Db,
    next: NextRevision & Replacing,
    replaced: VersionRow,
    entry: LogEntry,
  ): Promise<RevisedRow | undefined>;
}

/** The change number a row takes, as part of the statement that writes it. */
export type NextChangeSeq = (p: { userId: string }) => RawBuilder<number>;

/** A new note's insert, storing nothing when a note with its id exists already. */
export const insertNoteRow = (db: Db, p: NewNote, changeSeq: NextChangeSeq) =>
  db
    .insertInto('notes')
    .values({
      id: p.id,
      user_id: p.userId,
      body: p.body,
      time_created: p.now,
      time_last_modified: p.now,
      revision: 1,
      change_seq: changeSeq(p),
      written_by: p.by,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id');

/** A revision's update, made only while the note's row is still the version it replaces. */
export const revisionUpdate = (
  db: QueryCreator<DatabaseSchema>,
  p: NextRevision & Replacing,
  changeSeq: NextChangeSeq,
) =>
  db
    .updateTable('notes')
    .set({
      body: p.body,
      revision: p.revision,
      time_last_modified: p.timeLastModified,
      time_deleted: p.timeDeleted,
      written_by: p.by,
      time_snapshot: p.timeSnapshot,
      time_listed: p.timeListed,
      change_seq: changeSeq(p),
    })
    .where('id', '=', p.id)
    .where('user_id', '=', p.userId)
    .where('revision', '=', p.replacing)
    .where('change_seq', '=', p.replacingChangeSeq);
