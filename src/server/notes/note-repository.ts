import type { RawBuilder } from 'kysely';
import type { Note } from '../../shared/note.js';
import type { TrashedNote } from '../../shared/note-history.js';
import { atomically } from '../db/atomically.js';
import { prepared } from '../db/prepared-query.js';
import type { Db } from '../db/schema.js';
import { databaseOf } from '../storage/database-of.js';
import type { LogEntry } from '../sync/document-log.js';
import { inListOrder } from './list-order-sql.js';
import { NOTE_COLUMNS, type NoteRow } from './note-columns.js';
import type { NewNote, NextRevision, RevisedRow } from './note-writes.js';
import type { VersionRow } from './version-repository.js';

/** A note's row as a write needs it: the note, where it is, and who stored it last. */
export interface StoredNote {
  note: Note;
  timeDeleted: number | null;
  writtenBy: string | null;
  /** When its newest whole snapshot went into history; null before the first. */
  timeSnapshot: number | null;
  /** When its newest listed version went into history; null before the first. */
  timeListed: number | null;
  /** The change that stored it: with the revision, it tells this row's version from any other. */
  changeSeq: number;
}

/** Keeps database rows out of the API: column names and number types end here. */
export function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    body: row.body,
    timeCreated: Number(row.time_created),
    timeLastModified: Number(row.time_last_modified),
    revision: Number(row.revision),
  };
}

/** `count` change numbers at once, for an import: one statement, in order. */
export function reserveChangeSeqs(db: Db, userId: string, count: number): Promise<number[]> {
  return databaseOf(db).changes.reserve(db, userId, count);
}

/** The user's notes, list or trash, in the list's order: most recently modified first. */
const userNotesInListOrder = (db: Db, userId: string) =>
  db
    .selectFrom('notes')
    .select([...NOTE_COLUMNS, 'time_deleted'])
    .where('user_id', '=', userId)
    .$call(inListOrder);

/** The user's notes in the list (not the trash), most recently modified first. */
export async function listNotes(db: Db, userId: string): Promise<Note[]> {
  const rows = await userNotesInListOrder(db, userId).where('time_deleted', 'is', null).execute();
  return rows.map(toNote);
}

/** The user's notes (in the list or the trash) whose rows meet `written`, in list order. */
export function notesWrittenWhere(db: Db, userId: string, written: RawBuilder<boolean>) {
  return userNotesInListOrder(db, userId).where(written).execute();
}

/** The user's notes in the trash, most recently deleted first. */
export async function listTrash(db: Db, userId: string): Promise<TrashedNote[]> {
  const rows = await db
    .selectFrom('notes')
    .select([...NOTE_COLUMNS, 'time_deleted'])
    .where('user_id', '=', userId)
    .where('time_deleted', 'is not', null)
    .orderBy('time_deleted', 'desc')
    .orderBy('change_seq', 'desc')
    .execute();
  return rows.map((row) => ({ ...toNote(row), timeDeleted: Number(row.time_deleted) }));
}

/** One of the user's notes in the list (not the trash). */
export async function findNote(db: Db, userId: string, id: string): Promise<Note | undefined> {
  const row = await db
    .selectFrom('notes')
    .select(NOTE_COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('time_deleted', 'is', null)
    .executeTakeFirst();
  return row && toNote(row);
}

/** The row of one of the user's notes, as a write reads it (locked on PostgreSQL, see below). */
const storedNoteQuery = (forWrite: boolean) =>
  prepared((db: Db, p: { userId: string; id: string }) => {
    const query = db
      .selectFrom('notes')
      .select([
        ...NOTE_COLUMNS,
        'time_deleted',
        'written_by',
        'time_snapshot',
        'time_listed',
        'change_seq',
      ])
      .where('user_id', '=', p.userId)
      .where('id', '=', p.id);
    return forWrite ? databaseOf(db).noteWrites.forWrite(query) : query;
  });
const storedNote = storedNoteQuery(false);
const storedNoteForWrite = storedNoteQuery(true);

/**
 * One of the user's notes, in the list or in the trash. `forWrite` locks its row on PostgreSQL
 * until the transaction ends, so writes to one note take turns and each sees the last one's
 * revision (SQLite runs one write transaction at a time anyway).
 */
export async function findStoredNote(
  db: Db,
  userId: string,
  id: string,
  options: { forWrite?: boolean } = {},
): Promise<StoredNote | undefined> {
  const query = options.forWrite ? storedNoteForWrite : storedNote;
  const row = await query.executeTakeFirst(db, { userId, id });
  if (!row) return undefined;
  const timeDeleted = row.time_deleted === null ? null : Number(row.time_deleted);
  const timeSnapshot = row.time_snapshot === null ? null : Number(row.time_snapshot);
  const timeListed = row.time_listed === null ? null : Number(row.time_listed);
  const changeSeq = Number(row.change_seq);
  return {
    note: toNote(row),
    timeDeleted,
    writtenBy: row.written_by,
    timeSnapshot,
    timeListed,
    changeSeq,
  };
}

/**
 * Stores a new note with the next change number; undefined, storing nothing, when a note with
 * its id exists already. One statement on PostgreSQL.
 */
export async function insertNote(db: Db, row: NewNote): Promise<Note | undefined> {
  const inserted = await databaseOf(db).noteWrites.insert(db, row);
  if (!inserted) return undefined;
  return {
    id: row.id,
    body: row.body,
    timeCreated: row.now,
    timeLastModified: row.now,
    revision: 1,
  };
}

/**
 * Stores the next revision of a note, with the next change number, the text it replaces into
 * history and its document update into the log: all or none, and only while the note's row is
 * still the version the writer read (`replaced` holds its revision, `replacing` its change).
 * Returns the row as now stored; undefined, storing nothing, when another write got there
 * first. On PostgreSQL it is one statement, so a save needs no transaction around it.
 */
export async function writeRevision(
  db: Db,
  next: NextRevision,
  replaced: VersionRow,
  replacing: Pick<StoredNote, 'changeSeq'>,
  entry: LogEntry,
): Promise<StoredNote | undefined> {
  const replacingChangeSeq = replacing.changeSeq;
  const stored = (row: RevisedRow | undefined): StoredNote | undefined =>
    row && {
      note: toNote(row),
      timeDeleted: next.timeDeleted,
      writtenBy: next.by,
      timeSnapshot: next.timeSnapshot,
      timeListed: next.timeListed,
      changeSeq: Number(row.change_seq),
    };
  const row = await databaseOf(db).noteWrites.revise(
    db,
    { ...next, replacing: replaced.revision, replacingChangeSeq },
    replaced,
    entry,
  );
  return stored(row);
}

/**
 * Removes notes from the trash for good (their history goes with them) and leaves a tombstone
 * for each, so resync can report it; returns how many.
 */
export async function purgeTrashed(
  db: Db,
  filter: { userId?: string; id?: string; deletedBefore?: number },
): Promise<number> {
  const purge = async (trx: Db) => {
    let query = trx.deleteFrom('notes').where('time_deleted', 'is not', null);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.id !== undefined) query = query.where('id', '=', filter.id);
    if (filter.deletedBefore !== undefined) {
      query = query.where('time_deleted', '<', filter.deletedBefore);
    }
    const gone = await query.returning(['user_id', 'id', 'change_seq']).execute();
    for (let at = 0; at < gone.length; at += TOMBSTONES_PER_INSERT) {
      const rows = gone.slice(at, at + TOMBSTONES_PER_INSERT).map((row) => ({
        user_id: row.user_id,
        change_seq: row.change_seq,
        note_id: row.id,
      }));
      await trx.insertInto('note_tombstones').values(rows).execute();
    }
    return gone.length;
  };
  return atomically(db, purge);
}

/** Rows per insert, well under SQLite's limit on bound parameters. */
const TOMBSTONES_PER_INSERT = 500;
