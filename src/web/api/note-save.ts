import { CONFLICT_VERSION_HEADER } from '../../shared/api-headers.js';
import type { Note } from '../../shared/note.js';
import type { SaveSync } from '../../shared/note-document.js';
import { NoteRequestError } from './api-errors.js';
import { isNote } from './note-guard.js';
import { noteRequest } from './note-request.js';

/**
 * What one save sends: the whole note (docs/api.md#routes) with its new body. `revision` is the one
 * the text was edited from; the server merges when it holds a newer one. The times are the note's
 * as held here, left out only when this device does not hold the note (a draft kept from an earlier
 * visit, sent before the list arrived).
 */
export type NoteEdit = Pick<Note, 'id' | 'body'> &
  Partial<Pick<Note, 'revision' | 'timeCreated' | 'timeLastModified'>> & {
    /** The note's document updates typed here and not yet acknowledged (docs/sync.md). */
    sync?: SaveSync;
  };

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
