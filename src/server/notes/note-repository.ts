import { PostgresAdapter } from 'kysely';
import type { Note } from '../../shared/note.js';
import type { TrashedNote } from '../../shared/note-history.js';
import type { Db } from '../db/database.js';

const NOTE_COLUMNS = ['id', 'body', 'time_created', 'time_last_modified', 'revision'] as const;

interface NoteRow {
  id: string;
  body: string;
  time_created: number;
  time_last_modified: number;
  revision: number;
}

/** A note's row as a write needs it: the note, where it is, and who stored it last. */
export interface StoredNote {
  note: Note;
  timeDeleted: number | null;
  writtenBy: string | null;
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

/**
 * Takes the next value of the user's change counter: one row, never a scan of their notes. On
 * PostgreSQL it also locks that row until the transaction ends, so a user's changes commit in
 * the order of their numbers (which `since` relies on). Writes take it last, after locking
 * their note, so the lock is held for the final write and the commit only.
 */
export async function nextChangeSeq(db: Db, userId: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ change_seq: eb('change_seq', '+', 1) }))
    .where('id', '=', userId)
    .returning('change_seq')
    .executeTakeFirstOrThrow();
  return Number(row.change_seq);
}

/** The user's notes, list or trash, in the list's order: most recently modified first. */
const userNotesInListOrder = (db: Db, userId: string) =>
  db
    .selectFrom('notes')
    .select([...NOTE_COLUMNS, 'time_deleted'])
    .where('user_id', '=', userId)
    .orderBy('time_last_modified', 'desc')
    .orderBy('change_seq', 'desc')
    .orderBy('id', 'desc');

/** The user's notes in the list (not the trash), most recently modified first. */
export async function listNotes(db: Db, userId: string): Promise<Note[]> {
  const rows = await userNotesInListOrder(db, userId).where('time_deleted', 'is', null).execute();
  return rows.map(toNote);
}

/** The user's notes (in the list or the trash) stored after change `since`, in list order. */
export function notesChangedSince(db: Db, userId: string, since: number) {
  return userNotesInListOrder(db, userId).where('change_seq', '>', since).execute();
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
  let query = db
    .selectFrom('notes')
    .select([...NOTE_COLUMNS, 'time_deleted', 'written_by'])
    .where('user_id', '=', userId)
    .where('id', '=', id);
  if (options.forWrite && db.getExecutor().adapter instanceof PostgresAdapter) {
    query = query.forUpdate();
  }
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const timeDeleted = row.time_deleted === null ? null : Number(row.time_deleted);
  return { note: toNote(row), timeDeleted, writtenBy: row.written_by };
}

export async function insertNote(
  db: Db,
  row: { id: string; userId: string; body: string; now: number; changeSeq: number; by: string },
): Promise<Note> {
  await db
    .insertInto('notes')
    .values({
      id: row.id,
      user_id: row.userId,
      body: row.body,
      time_created: row.now,
      time_last_modified: row.now,
      revision: 1,
      change_seq: row.changeSeq,
      written_by: row.by,
    })
    .execute();
  return {
    id: row.id,
    body: row.body,
    timeCreated: row.now,
    timeLastModified: row.now,
    revision: 1,
  };
}

/** Stores the next revision of a note: its body, where it is (list or trash), and who wrote it. */
export async function writeRevision(
  db: Db,
  next: {
    id: string;
    body: string;
    revision: number;
    timeLastModified: number;
    changeSeq: number;
    timeDeleted: number | null;
    by: string | null;
  },
): Promise<Note> {
  const row = await db
    .updateTable('notes')
    .set({
      body: next.body,
      revision: next.revision,
      time_last_modified: next.timeLastModified,
      change_seq: next.changeSeq,
      time_deleted: next.timeDeleted,
      written_by: next.by,
    })
    .where('id', '=', next.id)
    .returning(NOTE_COLUMNS)
    .executeTakeFirstOrThrow();
  return toNote(row);
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
  return db.isTransaction ? purge(db) : db.transaction().execute(purge);
}

/** Rows per insert, well under SQLite's limit on bound parameters. */
const TOMBSTONES_PER_INSERT = 500;
