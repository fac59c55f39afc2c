import type { Note, NoteId } from '../../shared/note.js';
import type { TrashedNote } from '../../shared/note-history.js';
import { liveClientHeaders } from './live-client.js';
import { isTrashedNote } from './note-guard.js';
import { noteRequest, readNote, readResults } from './note-request.js';

const trashPath = (id: NoteId) => `/api/trash/${encodeURIComponent(id)}`;

/** `GET /api/trash`: the deleted notes, most recently deleted first. */
export async function fetchTrash(token: string): Promise<TrashedNote[]> {
  return readResults(await noteRequest('/api/trash', token, 'GET'), isTrashedNote);
}

/**
 * `POST /api/trash/{id}/restore`: the note is back in the list. This page places it itself, so
 * its own socket is not sent the update.
 */
export async function restoreFromTrash(token: string, id: NoteId): Promise<Note> {
  const path = `${trashPath(id)}/restore`;
  return readNote(await noteRequest(path, token, 'POST', undefined, liveClientHeaders));
}

/** `DELETE /api/trash/{id}`: gone for good. */
export async function purgeFromTrash(token: string, id: NoteId): Promise<void> {
  await noteRequest(trashPath(id), token, 'DELETE');
}

/** `DELETE /api/trash`: every note in the trash gone for good. */
export async function emptyTrash(token: string): Promise<void> {
  await noteRequest('/api/trash', token, 'DELETE');
}
