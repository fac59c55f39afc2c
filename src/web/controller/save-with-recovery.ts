import type { Note } from '../../shared/note.js';
import { isGone, isInTrash, NoteRequestError } from '../api/api-errors.js';
import type { NoteEdit, SaveAnswer } from '../api/note-save.js';
import type { QuireApi } from '../api/quire-api.js';
import type { DocumentSave } from '../documents/document-saver.js';

export interface RecoveryHooks {
  /** The note was in the trash and is back in the list now. */
  restored(note: Note): void;
  /** The note was gone for good; the text went to this new note instead. */
  savedAsNew(note: Note): void;
}

/**
 * The whole note a save of a document sends (docs/api.md#routes): the note as held, with the
 * document's text and revision, and its updates beside them.
 */
export function wholeNote(save: DocumentSave, held: Note | undefined): NoteEdit {
  const { id, body, revision, sync } = save;
  // A document whose revision is not known sends none: the server finds what it lacks by vector.
  const { revision: _held, ...rest } = held ?? { id };
  return revision === undefined
    ? { ...rest, id, body, sync }
    : { ...rest, id, body, revision, sync };
}

/**
 * One save. Words are never dropped for want of a note: a note found in the trash is restored
 * first, and text for a note gone for good becomes a new note.
 */
export async function saveWithRecovery(
  api: QuireApi,
  token: string,
  edit: NoteEdit,
  hooks: RecoveryHooks,
): Promise<SaveAnswer> {
  try {
    return await api.updateNote(token, edit);
  } catch (error) {
    if (isInTrash(error)) {
      const restored = await api.restoreFromTrash(token, edit.id).catch((failure) => {
        // Restored by someone else meanwhile: the save can go again as it is.
        if (failure instanceof NoteRequestError && failure.status === 404) return null;
        throw failure;
      });
      if (restored) hooks.restored(restored);
      return api.updateNote(token, edit);
    }
    if (isGone(error)) {
      const created = await api.createNote(token);
      const result = await api.updateNote(token, { ...created, body: edit.body });
      hooks.savedAsNew(result.note);
      return result;
    }
    throw error;
  }
}
