import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Note } from '../../shared/note.js';
import type { TrashedNote } from '../../shared/note-history.js';
import type { Db } from '../db/database.js';
import { prepared } from '../db/prepared-query.js';

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
  /** When its newest whole snapshot went into history; null before the first. */
  timeSnapshot: number | null;
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

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The next change number, which orders a user's changes (ties in the list, export pages). On
 * SQLite it is the user's change counter, one row (never a scan of their notes), which is also
 * the resync clock there (sqlite-change-clock.ts). On PostgreSQL it comes from one sequence
 * that no transaction waits on: resync reads snapshots there (postgres-change-clock.ts), so a
 * user's writes need not take turns.
 */
export async function nextChangeSeq(db: Db, userId: string): Promise<number> {
  const row = isPostgres(db)
    ? await nextFromSequence.executeTakeFirst(db, {})
    : await takeChangeSeq.executeTakeFirst(db, { userId });
  if (!row) throw new Error(`no user ${userId}`);
  return Number(row.change_seq);
}

const takeChangeSeq = prepared((db: Db, p: { userId: string }) =>
  db
    .updateTable('users')
    .set((eb) => ({ change_seq: eb('change_seq', '+', 1) }))
    .where('id', '=', p.userId)
    .returning('change_seq'),
);

const NEXT_FROM_SEQUENCE = sql<number>`nextval('note_change_seq')`;
const nextFromSequence = prepared((db: Db, _: Record<string, never>) =>
  db.selectNoFrom(NEXT_FROM_SEQUENCE.as('change_seq')),
);

/** `count` change numbers at once, for an import: one statement, in order. */
export async function reserveChangeSeqs(db: Db, userId: string, count: number): Promise<number[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ seq: string }>`
      select nextval('note_change_seq') as seq from generate_series(1, ${count})`.execute(db);
    return rows.map((row) => Number(row.seq)).sort((a, b) => a - b);
  }
  const row = await db
    .updateTable('users')
    .set((eb) => ({ change_seq: eb('change_seq', '+', count) }))
    .where('id', '=', userId)
    .returning('change_seq')
    .executeTakeFirstOrThrow();
  const first = Number(row.change_seq) - count + 1;
  return Array.from({ length: count }, (_, index) => first + index);
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
      .select([...NOTE_COLUMNS, 'time_deleted', 'written_by', 'time_snapshot'])
      .where('user_id', '=', p.userId)
      .where('id', '=', p.id);
    return forWrite && isPostgres(db) ? query.forUpdate() : query;
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
  return { note: toNote(row), timeDeleted, writtenBy: row.written_by, timeSnapshot };
}

const insertNoteRow = prepared(
  (
    db: Db,
    p: { id: string; userId: string; body: string; now: number; changeSeq: number; by: string },
  ) =>
    db.insertInto('notes').values({
      id: p.id,
      user_id: p.userId,
      body: p.body,
      time_created: p.now,
      time_last_modified: p.now,
      revision: 1,
      change_seq: p.changeSeq,
      written_by: p.by,
    }),
);

export async function insertNote(
  db: Db,
  row: { id: string; userId: string; body: string; now: number; changeSeq: number; by: string },
): Promise<Note> {
  await insertNoteRow.execute(db, row);
  return {
    id: row.id,
    body: row.body,
    timeCreated: row.now,
    timeLastModified: row.now,
    revision: 1,
  };
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
}

const revisionColumns = (p: NextRevision) => ({
  body: p.body,
  revision: p.revision,
  time_last_modified: p.timeLastModified,
  time_deleted: p.timeDeleted,
  written_by: p.by,
  time_snapshot: p.timeSnapshot,
});

const updateNoteRow = prepared((db: Db, p: NextRevision & { changeSeq: number }) =>
  db
    .updateTable('notes')
    .set({ ...revisionColumns(p), change_seq: p.changeSeq })
    .where('id', '=', p.id)
    .returning(NOTE_COLUMNS),
);

// PostgreSQL takes the change number in the statement that stores the revision: one round
// trip, and no lock beyond the note's own row.
const updateNoteRowTakingSeq = prepared((db: Db, p: NextRevision) =>
  db
    .updateTable('notes')
    .set({ ...revisionColumns(p), change_seq: NEXT_FROM_SEQUENCE })
    .where('id', '=', p.id)
    .returning(NOTE_COLUMNS),
);

/** Stores the next revision of a note, with the next change number. */
export async function writeRevision(db: Db, next: NextRevision): Promise<Note> {
  const row = isPostgres(db)
    ? await updateNoteRowTakingSeq.executeTakeFirst(db, next)
    : await updateNoteRow.executeTakeFirst(db, {
        ...next,
        changeSeq: await nextChangeSeq(db, next.userId),
      });
  if (!row) throw new Error(`no note ${next.id}`);
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
