import type { Note, NoteId } from '../../shared/note.js';
import { NoteRequestError, SessionExpiredError } from './api-errors.js';
import { apiRequest, NetworkError } from './http-client.js';
import { isNote } from './note-guard.js';

/** `GET /api/notes`: every note in server order; a non-ok answer counts as none (spec §7). */
export async function fetchNotes(token: string): Promise<Note[]> {
  const response = await apiRequest('/api/notes', { token });
  if (response.status === 401) throw new SessionExpiredError();
  if (!response.ok) return [];
  const data: unknown = await response.json().catch(() => null);
  const results = (data as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? results.filter(isNote) : [];
}

/** Runs one create/update/delete; any failure is raised as Error("oh no") (spec §8). */
async function noteRequest(
  path: string,
  token: string,
  method: 'POST' | 'PUT' | 'DELETE',
  body?: unknown,
): Promise<Response> {
  let response: Response;
  try {
    response = await apiRequest(path, { method, token, body });
  } catch (error) {
    throw new NoteRequestError(null, error instanceof NetworkError ? error.cause : error);
  }
  if (!response.ok) throw new NoteRequestError(response.status);
  return response;
}

async function readNote(response: Response): Promise<Note> {
  const data: unknown = await response.json().catch(() => null);
  if (!isNote(data)) throw new NoteRequestError(response.status);
  return data;
}

/** `POST /api/notes {body: ""}` → the created note. */
export async function createNote(token: string): Promise<Note> {
  return readNote(await noteRequest('/api/notes', token, 'POST', { body: '' }));
}

/** `PUT /api/notes` with the whole note and its new body → the stored note. */
export async function updateNote(token: string, note: Note): Promise<Note> {
  const { id, body, timeCreated, timeLastModified } = note;
  const sent = { id, body, timeCreated, timeLastModified };
  return readNote(await noteRequest('/api/notes', token, 'PUT', sent));
}

/** `DELETE /api/notes/{id}`. */
export async function deleteNote(token: string, id: NoteId): Promise<void> {
  await noteRequest(`/api/notes/${encodeURIComponent(id)}`, token, 'DELETE');
}
