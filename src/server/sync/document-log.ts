import type * as Y from 'yjs';
import type { Db } from '../db/schema.js';
import { documentFrom, stateOf } from './note-document.js';

/**
 * A note's Yjs document in the database: a checkpoint (its state as of one revision) and the
 * update of every revision after it. The document at a revision is the checkpoint plus the
 * updates up to it, known for the checkpoint's revision and every revision with a row.
 */

/** Both drivers store a Buffer as bytes (pg would take another Uint8Array for JSON). */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/** Starts a note's log with its document as of `revision`. */
export async function writeCheckpoint(
  db: Db,
  noteId: string,
  revision: number,
  doc: Y.Doc,
): Promise<void> {
  await db
    .insertInto('note_sync_checkpoints')
    .values({ note_id: noteId, revision, state: asBuffer(stateOf(doc)) })
    .execute();
}

export async function hasDocument(db: Db, noteId: string): Promise<boolean> {
  const checkpoint = await db
    .selectFrom('note_sync_checkpoints')
    .select('note_id')
    .where('note_id', '=', noteId)
    .executeTakeFirst();
  return checkpoint !== undefined;
}

/** Removes the note's document: its checkpoint and every update. */
export async function dropDocument(db: Db, noteId: string): Promise<void> {
  await db.deleteFrom('note_sync_updates').where('note_id', '=', noteId).execute();
  await db.deleteFrom('note_sync_checkpoints').where('note_id', '=', noteId).execute();
}

/** Makes `doc` the note's checkpoint as of `revision`, dropping the updates it holds. */
export async function moveCheckpoint(
  db: Db,
  noteId: string,
  revision: number,
  doc: Y.Doc,
): Promise<void> {
  await db
    .updateTable('note_sync_checkpoints')
    .set({ revision, state: asBuffer(stateOf(doc)) })
    .where('note_id', '=', noteId)
    .execute();
  await db
    .deleteFrom('note_sync_updates')
    .where('note_id', '=', noteId)
    .where('revision', '<=', revision)
    .execute();
}

/** Who made a revision: the session of a save and the live client it named. */
export interface Writer {
  sessionId: string;
  clientId?: string;
}

/** Records the update that made `revision` (empty when the text stayed as it was). */
export async function appendUpdate(
  db: Db,
  noteId: string,
  revision: number,
  update: Uint8Array,
  now: number,
  writer?: Writer,
): Promise<void> {
  await db
    .insertInto('note_sync_updates')
    .values({
      note_id: noteId,
      revision,
      update: asBuffer(update),
      time_stored: now,
      session_id: writer?.sessionId ?? null,
      client_id: writer?.clientId ?? null,
    })
    .execute();
}

/**
 * Whether every revision after `base` was saved by this writer: the same session, and the same
 * live client when both it and the row name one. Such a writer is sending again what it sent
 * before.
 */
export async function onlyWriterSince(
  db: Db,
  noteId: string,
  base: number,
  writer: Writer,
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

/**
 * The note's document as it stood at `revision` (the newest when omitted), or undefined when the
 * log does not reach that revision.
 */
export async function readDocument(
  db: Db,
  noteId: string,
  revision?: number,
): Promise<{ doc: Y.Doc; revision: number } | undefined> {
  const checkpoint = await db
    .selectFrom('note_sync_checkpoints')
    .select(['revision', 'state'])
    .where('note_id', '=', noteId)
    .executeTakeFirst();
  if (!checkpoint) return undefined;
  const from = Number(checkpoint.revision);
  if (revision !== undefined && revision < from) return undefined;
  let query = db
    .selectFrom('note_sync_updates')
    .select(['revision', 'update'])
    .where('note_id', '=', noteId)
    .where('revision', '>', from)
    .orderBy('revision');
  if (revision !== undefined) query = query.where('revision', '<=', revision);
  const rows = await query.execute();
  const reached = rows.length > 0 ? Number(rows.at(-1)?.revision) : from;
  if (revision !== undefined && reached !== revision) return undefined;
  const doc = documentFrom([checkpoint.state, ...rows.map((row) => row.update)]);
  return { doc, revision: reached };
}
