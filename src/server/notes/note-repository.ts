import { PostgresAdapter, type QueryCreator, type RawBuilder, sql } from 'kysely';
import type { Note } from '../../shared/note.js';
import type { TrashedNote } from '../../shared/note-history.js';
import type { Db } from '../db/database.js';
import { prepared } from '../db/prepared-query.js';
import type { DatabaseSchema } from '../db/schema.js';
import { insertVersion, type VersionRow } from './version-repository.js';

const NOTE_COLUMNS = ['id', 'body', 'time_created', 'time_last_modified', 'revision'] as const;

/** The columns a Note is made from. */
export interface NoteRow {
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
  /** When its newest listed version went into history; null before the first. */
  timeListed: number | null;
  /** The change that stored it: with the revision, it tells this row's version from any other. */
  changeSeq: number;
  /** Whether the note has a sync document (docs/sync.md), which every write must then follow. */
  synced: boolean;
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
 * Change numbers order a user's changes (ties in the list, export pages). On SQLite a note takes
 * the user's change counter plus one, one row (never a scan of their notes), and the counter
 * then counts it: that counter is also the resync clock there (sqlite-change-clock.ts). On
 * PostgreSQL they come from one sequence that no transaction waits on: resync reads snapshots
 * there (postgres-change-clock.ts), so a user's writes need not take turns.
 */
type NextChangeSeq = (p: { userId: string }) => RawBuilder<number>;
const fromSequence: NextChangeSeq = () => sql<number>`nextval('note_change_seq')`;
const fromCounter: NextChangeSeq = (p) =>
  sql<number>`(select change_seq + 1 from users where id = ${p.userId})`;

const countChange = prepared((db: Db, p: { userId: string }) =>
  db
    .updateTable('users')
    .set((eb) => ({ change_seq: eb('change_seq', '+', 1) }))
    .where('id', '=', p.userId),
);

/** Both or neither: `write` runs in the caller's transaction, or in one of its own. */
const atomically = <T>(db: Db, write: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? write(db) : db.transaction().execute(write);

/**
 * SQLite: a write whose row took the user's counter plus one (`fromCounter`), and the counter
 * then counting it, both or neither. Nothing is counted when `write` stores nothing.
 */
const counted = <T>(db: Db, userId: string, write: (trx: Db) => Promise<T | undefined>) =>
  atomically(db, async (trx) => {
    const stored = await write(trx);
    if (stored !== undefined) await countChange.execute(trx, { userId });
    return stored;
  });

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
      .select([
        ...NOTE_COLUMNS,
        'time_deleted',
        'written_by',
        'time_snapshot',
        'time_listed',
        'change_seq',
      ])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('note_sync_checkpoints')
              .select('note_id')
              .whereRef('note_sync_checkpoints.note_id', '=', 'notes.id'),
          )
          .as('synced'),
      )
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
  const timeListed = row.time_listed === null ? null : Number(row.time_listed);
  const changeSeq = Number(row.change_seq);
  return {
    note: toNote(row),
    timeDeleted,
    writtenBy: row.written_by,
    timeSnapshot,
    timeListed,
    changeSeq,
    synced: Boolean(row.synced),
  };
}

interface NewNote {
  id: string;
  userId: string;
  body: string;
  now: number;
  by: string;
}

const insertNoteRow = (changeSeq: NextChangeSeq) =>
  prepared((db: Db, p: NewNote) =>
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
      .returning('id'),
  );
const insertNoteCounted = insertNoteRow(fromCounter);
const insertNoteSequenced = insertNoteRow(fromSequence);

/**
 * Stores a new note with the next change number; undefined, storing nothing, when a note with
 * its id exists already. One statement on PostgreSQL.
 */
export async function insertNote(db: Db, row: NewNote): Promise<Note | undefined> {
  const inserted = isPostgres(db)
    ? await insertNoteSequenced.executeTakeFirst(db, row)
    : await counted(db, row.userId, (trx) => insertNoteCounted.executeTakeFirst(trx, row));
  if (!inserted) return undefined;
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
  timeListed: number | null;
}

/** What a revision replaces: the row's version as the writer read it. */
interface Replacing {
  replacing: number;
  replacingChangeSeq: number;
}

/** A revision's update, made only while the note's row is still the version it replaces. */
const revisionUpdate = (
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

const writeCountedRevision = prepared((db: Db, p: NextRevision & Replacing) =>
  revisionUpdate(db, p, fromCounter).returning([...NOTE_COLUMNS, 'change_seq']),
);

/** The replaced text's own values, named apart from the revision's. */
interface ReplacedText extends Replacing {
  replacedBody: string;
  replacedDeltaStart: number | null;
  replacedDeltaEnd: number | null;
  replacedTimeLastModified: number;
  replacedTimeArchived: number;
  replacedReason: string;
  replacedKept: number;
}

// PostgreSQL stores a revision and the text it replaces in one statement: the version row is
// inserted from the updated row, so only when the note was still at the revision read.
const writeSequencedRevision = prepared((db: Db, p: NextRevision & ReplacedText) =>
  db
    .with('next', (db) =>
      revisionUpdate(db, p, fromSequence).returning([...NOTE_COLUMNS, 'user_id', 'change_seq']),
    )
    .with('archived', (db) =>
      db
        .insertInto('note_versions')
        .columns([
          'note_id',
          'user_id',
          'revision',
          'body',
          'delta_start',
          'delta_end',
          'time_last_modified',
          'time_archived',
          'reason',
          'kept',
        ])
        .expression((eb) =>
          eb
            .selectFrom('next')
            .select((eb) => [
              'next.id',
              'next.user_id',
              eb.cast<number>(eb.val(p.replacing), 'bigint').as('revision'),
              eb.cast<string>(eb.val(p.replacedBody), 'text').as('body'),
              eb.cast<number | null>(eb.val(p.replacedDeltaStart), 'bigint').as('delta_start'),
              eb.cast<number | null>(eb.val(p.replacedDeltaEnd), 'bigint').as('delta_end'),
              eb
                .cast<number>(eb.val(p.replacedTimeLastModified), 'bigint')
                .as('time_last_modified'),
              eb.cast<number>(eb.val(p.replacedTimeArchived), 'bigint').as('time_archived'),
              eb.cast<string>(eb.val(p.replacedReason), 'text').as('reason'),
              eb.cast<number>(eb.val(p.replacedKept), 'integer').as('kept'),
            ]),
        ),
    )
    .selectFrom('next')
    .select([...NOTE_COLUMNS, 'change_seq']),
);

/**
 * Stores the next revision of a note, with the next change number, and the text it replaces
 * into history: both or neither, and only while the note's row is still the version the writer
 * read (`replaced` holds its revision, `replacing` its change). Returns the row as now
 * stored; undefined, storing nothing, when another write got there first. On PostgreSQL it is
 * one statement, so a save needs no transaction around it.
 */
export async function writeRevision(
  db: Db,
  next: NextRevision,
  replaced: VersionRow,
  replacing: Pick<StoredNote, 'changeSeq' | 'synced'>,
): Promise<StoredNote | undefined> {
  const replacingChangeSeq = replacing.changeSeq;
  const stored = (row: (NoteRow & { change_seq: number }) | undefined): StoredNote | undefined =>
    row && {
      note: toNote(row),
      timeDeleted: next.timeDeleted,
      writtenBy: next.by,
      timeSnapshot: next.timeSnapshot,
      timeListed: next.timeListed,
      changeSeq: Number(row.change_seq),
      synced: replacing.synced,
    };
  if (isPostgres(db)) {
    const row = await writeSequencedRevision.executeTakeFirst(db, {
      ...next,
      replacing: replaced.revision,
      replacingChangeSeq,
      replacedBody: replaced.body,
      replacedDeltaStart: replaced.deltaStart,
      replacedDeltaEnd: replaced.deltaEnd,
      replacedTimeLastModified: replaced.timeLastModified,
      replacedTimeArchived: replaced.timeArchived,
      replacedReason: replaced.reason,
      replacedKept: replaced.kept,
    });
    return stored(row);
  }
  return counted(db, next.userId, async (trx) => {
    const row = await writeCountedRevision.executeTakeFirst(trx, {
      ...next,
      replacing: replaced.revision,
      replacingChangeSeq,
    });
    if (!row) return undefined;
    await insertVersion.execute(trx, replaced);
    return stored(row);
  });
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
