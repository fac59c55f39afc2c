import type { Note, NoteId } from '../../shared/note.js';
import type { VersionSummary } from '../../shared/note-history.js';
import { isVersionSummary } from './note-guard.js';
import { notePath, noteRequest, readNote, readResults } from './note-request.js';

/** `GET /api/notes/{id}/versions`: the note's past versions, newest first. */
export async function fetchVersions(token: string, id: NoteId): Promise<VersionSummary[]> {
  return readResults(await noteRequest(notePath(id, '/versions'), token, 'GET'), isVersionSummary);
}

/** `GET /api/notes/{id}/versions/{revision}`: that version, with its body. */
export async function fetchVersion(token: string, id: NoteId, revision: number): Promise<Note> {
  return readNote(await noteRequest(notePath(id, `/versions/${revision}`), token, 'GET'));
}

/** `POST /api/notes/{id}/restore {revision}`: that text becomes the note's newest revision. */
export async function restoreVersion(token: string, id: NoteId, revision: number): Promise<Note> {
  return readNote(await noteRequest(notePath(id, '/restore'), token, 'POST', { revision }));
}
