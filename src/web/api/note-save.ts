import { CONFLICT_VERSION_HEADER } from '../../shared/api-headers.js';
import type { Note } from '../../shared/note.js';
import type { TextEdit } from '../../shared/text-edits.js';
import { noteRequest, readNote } from './note-request.js';

/**
 * What one save sends: the whole note (spec §7) with its new body. `revision` is the one the
 * text was edited from; the server merges when it holds a newer one. The times are the note's
 * as held here, left out only when this device does not hold the note (a draft kept from an
 * earlier visit, sent before the list arrived).
 */
export type NoteEdit = Pick<Note, 'id' | 'body' | 'revision'> &
  Partial<Pick<Note, 'timeCreated' | 'timeLastModified'>> & {
    /** The edits, as typed, that made `body` from the text of `revision` (docs/sync.md). */
    edits?: TextEdit[];
  };

/**
 * What a save answered: the stored note (its id differs when the text became a new note), and
 * the history version where a merge set the replaced text aside, if it did.
 */
export interface SaveAnswer {
  note: Note;
  conflictRevision: number | null;
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
  const note = await readNote(response);
  const header = Number(response.headers.get(CONFLICT_VERSION_HEADER));
  return { note, conflictRevision: Number.isInteger(header) && header > 0 ? header : null };
}
