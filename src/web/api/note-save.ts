import { CONFLICT_VERSION_HEADER } from '../../shared/api-headers.js';
import type { Note, UpdateNoteRequest } from '../../shared/note.js';
import { NoteRequestError } from './api-errors.js';
import { isNote } from './note-guard.js';
import { noteRequest } from './note-request.js';

/**
 * What one save sends: the save request (docs/api.md#routes), the whole note with its new body
 * and the document's updates not yet acknowledged. The times are the note's as held here, left
 * out only when this device does not hold the note (a draft kept from an earlier visit, sent
 * before the list arrived). `edits` are an older client's, never sent.
 */
export type NoteEdit = Omit<UpdateNoteRequest, 'edits'>;

/**
 * What a save answered: the stored note (its id differs when the text became a new note), the
 * history version where a merge set the replaced text aside, if it did, and for a save with
 * `sync` what the device's document lacks (base64), to take in.
 */
export interface SaveAnswer {
  note: Note;
  conflictRevision: number | null;
  missing?: string;
}

/**
 * `PUT /api/notes` with the new body and its base revision → the stored (maybe merged) note,
 * on whichever thread calls it. `headers` name the page's live socket.
 */
export async function putNote(
  token: string,
  edit: NoteEdit,
  headers: Readonly<Record<string, string>>,
): Promise<SaveAnswer> {
  const response = await noteRequest('/api/notes', token, 'PUT', edit, headers);
  const data: unknown = await response.json().catch(() => null);
  if (!isNote(data)) throw new NoteRequestError(response.status);
  const { sync, ...note } = data as Note & { sync?: { update?: unknown } };
  const header = Number(response.headers.get(CONFLICT_VERSION_HEADER));
  const conflictRevision = Number.isInteger(header) && header > 0 ? header : null;
  const missing = typeof sync?.update === 'string' ? sync.update : undefined;
  return { note, conflictRevision, missing };
}
