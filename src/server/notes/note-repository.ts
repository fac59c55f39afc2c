import { randomUUID } from 'node:crypto';
import type { Note } from '../../shared/note.js';
import type { Db } from '../db/database.js';
import type { NoteTable } from '../db/schema.js';

type NoteRow = Pick<NoteTable, 'id' | 'body' | 'time_created' | 'time_last_modified'>;
const NOTE_COLUMNS = ['id', 'body', 'time_created', 'time_last_modified'] as const;

/** Keeps database rows out of the API: column names and number types end here. */
export function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    body: row.body,
    timeCreated: Number(row.time_created),
    timeLastModified: Number(row.time_last_modified),
  };
}

/** The next value of the user's change counter, computed inside the writing statement. */
function nextRevision(db: Db, userId: string) {
  return db
    .selectFrom('notes')
    .select((eb) => eb(eb.fn.coalesce(eb.fn.max('revision'), eb.lit(0)), '+', 1).as('next'))
    .where('user_id', '=', userId);
}

/** All of a user's notes, most recently modified first; ties by later change, then id. */
export async function listNotes(db: Db, userId: string): Promise<Note[]> {
  const rows = await db
    .selectFrom('notes')
    .select(NOTE_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('time_last_modified', 'desc')
    .orderBy('revision', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toNote);
}

export async function findNote(db: Db, userId: string, id: string): Promise<Note | undefined> {
  const row = await db
    .selectFrom('notes')
    .select(NOTE_COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toNote(row);
}

export async function insertNote(db: Db, userId: string, body: string, now: number): Promise<Note> {
  const id = randomUUID();
  await db
    .insertInto('notes')
    .values({
      id,
      user_id: userId,
      body,
      time_created: now,
      time_last_modified: now,
      revision: nextRevision(db, userId),
    })
    .execute();
  return { id, body, timeCreated: now, timeLastModified: now };
}

/** Sets a note's body; undefined when the user has no such note. */
export async function updateNoteBody(
  db: Db,
  userId: string,
  id: string,
  body: string,
  now: number,
): Promise<Note | undefined> {
  const row = await db
    .updateTable('notes')
    .set({ body, time_last_modified: now, revision: nextRevision(db, userId) })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(NOTE_COLUMNS)
    .executeTakeFirst();
  return row && toNote(row);
}

/** Deletes a note; false when the user has no such note. */
export async function deleteNote(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('notes')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
