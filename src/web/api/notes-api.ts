import type { Note, NoteId } from '../../shared/note.js';
import { CONFLICT_VERSION_HEADER } from '../../shared/note-history.js';
import { NoteRequestError, SessionExpiredError } from './api-errors.js';
import { isNote } from './note-guard.js';
import { notePath, noteRequest, readNote, readResults } from './note-request.js';

/**
 * `GET /api/notes`: every note in server order. A non-ok answer is raised rather than read as
 * "no notes" (spec §7 says empty list): a 502 during a restart must not empty the list.
 */
export async function fetchNotes(token: string): Promise<Note[]> {
  try {
    return await readResults(await noteRequest('/api/notes', token, 'GET'), isNote);
  } catch (error) {
    if (error instanceof NoteRequestError && error.status === 401) throw new SessionExpiredError();
    throw error;
  }
}

/**
 * `POST /api/notes {body: ""}` → the created note. A note made offline brings its own id (a
 * UUID); sending it again answers the note already stored, never a second one.
 */
export async function createNote(token: string, id?: NoteId): Promise<Note> {
  const request = id === undefined ? { body: '' } : { id, body: '' };
  return readNote(await noteRequest('/api/notes', token, 'POST', request));
}

/** What the text sent in one save to the note was edited from. */
export interface NoteEdit {
  id: NoteId;
  body: string;
  /** The revision the text was edited from; the server merges when it holds a newer one. */
  revision: number;
}

/** The stored note after a save, and the history version a merge set text aside in, if any. */
export interface SaveAnswer {
  note: Note;
  conflictRevision: number | null;
}

/** `PUT /api/notes` with the new body and its base revision → the stored (maybe merged) note. */
export async function updateNote(token: string, edit: NoteEdit): Promise<SaveAnswer> {
  const response = await noteRequest('/api/notes', token, 'PUT', edit);
  const note = await readNote(response);
  const header = Number(response.headers.get(CONFLICT_VERSION_HEADER));
  return { note, conflictRevision: Number.isInteger(header) && header > 0 ? header : null };
}

/** `DELETE /api/notes/{id}`: the note goes to the trash. */
export async function deleteNote(token: string, id: NoteId): Promise<void> {
  await noteRequest(notePath(id), token, 'DELETE');
}
