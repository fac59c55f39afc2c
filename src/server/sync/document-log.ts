import { prepared } from '../db/prepared-query.js';
import type { Db } from '../db/schema.js';

/**
 * A note's Yjs document in the database: a checkpoint (its state as of one revision) and the
 * update of every revision after it, in order (docs/sync.md). A note with no checkpoint has
 * never been written through a document: its state is its text's seed.
 */

/** Both drivers store a Buffer as bytes (pg would take another Uint8Array for JSON). */
export const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/** The update of one revision, and who made it. */
export interface LogEntry {
  noteId: string;
  revision: number;
  update: Uint8Array;
  timeStored: number;
  /** The session whose save made it and the live client it named; null for other writes. */
  sessionId: string | null;
  clientId: string | null;
}

const insertEntry = prepared((db: Db, p: LogEntry & { bytes: Buffer }) =>
  db.insertInto('note_sync_updates').values({
    note_id: p.noteId,
    revision: p.revision,
    update: p.bytes,
    time_stored: p.timeStored,
    session_id: p.sessionId,
    client_id: p.clientId,
  }),
);

export const insertLogEntry = (db: Db, entry: LogEntry) =>
  insertEntry.execute(db, { ...entry, bytes: asBuffer(entry.update) });

const checkpointQuery = prepared((db: Db, p: { noteId: string }) =>
  db
    .selectFrom('note_sync_checkpoints')
    .select(['revision', 'state'])
    .where('note_id', '=', p.noteId),
);

export interface Checkpoint {
  revision: number;
  state: Uint8Array;
}

export async function readCheckpoint(db: Db, noteId: string): Promise<Checkpoint | undefined> {
  const row = await checkpointQuery.executeTakeFirst(db, { noteId });
  return row && { revision: Number(row.revision), state: row.state };
}

/** Stores a note's first checkpoint; one stored already (the same seed, by another write) stays. */
export async function insertCheckpoint(db: Db, noteId: string, at: Checkpoint): Promise<void> {
  await db
    .insertInto('note_sync_checkpoints')
    .values({ note_id: noteId, revision: at.revision, state: asBuffer(at.state) })
    .onConflict((conflict) => conflict.column('note_id').doNothing())
    .execute();
}

/** Makes `at` the note's checkpoint, dropping the updates it holds. */
export async function moveCheckpoint(db: Db, noteId: string, at: Checkpoint): Promise<void> {
  await db
    .updateTable('note_sync_checkpoints')
    .set({ revision: at.revision, state: asBuffer(at.state) })
    .where('note_id', '=', noteId)
    .execute();
  await db
    .deleteFrom('note_sync_updates')
    .where('note_id', '=', noteId)
    .where('revision', '<=', at.revision)
    .execute();
}

const entriesQuery = prepared((db: Db, p: { noteId: string; after: number; upTo: number }) =>
  db
    .selectFrom('note_sync_updates')
    .select(['revision', 'update'])
    .where('note_id', '=', p.noteId)
    .where('revision', '>', p.after)
    .where('revision', '<=', p.upTo)
    .orderBy('revision'),
);

/**
 * The updates of revisions `after` + 1 to `upTo`, in order; undefined unless the log holds every
 * one of them.
 */
export async function readUpdates(
  db: Db,
  noteId: string,
  after: number,
  upTo: number,
): Promise<Uint8Array[] | undefined> {
  if (upTo <= after) return [];
  const rows = await entriesQuery.execute(db, { noteId, after, upTo });
  if (rows.length !== upTo - after) return undefined;
  return rows.map((row) => row.update);
}

/**
 * Whether every revision after `base` was saved by this writer: the same session, and the same
 * live client when both it and the row name one. Such a writer is sending again what it sent
 * before (its answer was lost), so its text counts once.
 */
export async function onlyWriterSince(
  db: Db,
  noteId: string,
  base: number,
  writer: { sessionId: string; clientId?: string },
): Promise<boolean> {
  const rows = await db
    .selectFrom('note_sync_updates')
    .select(['session_id', 'client_id'])
    .where('note_id', '=', noteId)
    .where('revision', '>', base)
    .execute();
  return (
    rows.length > 0 &&
    rows.every(
      (row) =>
        row.session_id === writer.sessionId &&
        (writer.clientId === undefined ||
          row.client_id === null ||
          row.client_id === writer.clientId),
    )
  );
}
