import { MAX_SENT_EDITS } from '../../shared/exact-edits.js';
import type { Note } from '../../shared/note.js';
import { isGone, isInTrash, NoteRequestError } from '../api/api-errors.js';
import type { NoteEdit, SaveAnswer } from '../api/note-save.js';
import type { QuireApi } from '../api/quire-api.js';
import type { StoredDraft } from '../drafts/draft-store.js';

export interface RecoveryHooks {
  /** The note was in the trash and is back in the list now. */
  restored(note: Note): void;
  /** The note was gone for good; the text went to this new note instead. */
  savedAsNew(note: Note): void;
}

/**
 * The whole note a save sends (spec §7): the note as held, with the draft's text, edited from
 * the draft's base revision, and the edits that made it when there are not too many.
 */
export function wholeNote(draft: StoredDraft, held: Note | undefined): NoteEdit {
  const { noteId: id, text: body, baseRevision: revision, edits } = draft;
  const edit: NoteEdit = { id, body, revision };
  if (edits && edits.length <= MAX_SENT_EDITS) edit.edits = edits;
  return held ? { ...held, ...edit } : edit;
}

/** A save; should its edits make it too large to send, it goes with the text alone. */
async function update(api: QuireApi, token: string, edit: NoteEdit): Promise<SaveAnswer> {
  try {
    return await api.updateNote(token, edit);
  } catch (error) {
    if (!(edit.edits && error instanceof NoteRequestError && error.status === 413)) throw error;
    const { edits: _edits, ...text } = edit;
    return api.updateNote(token, text);
  }
}

/**
 * One save of a draft. Words are never dropped for want of a note: a note found in the trash is
 * restored first, and text for a note gone for good becomes a new note.
 */
export async function saveWithRecovery(
  api: QuireApi,
  token: string,
  draft: StoredDraft,
  hooks: RecoveryHooks,
  held?: Note,
): Promise<SaveAnswer> {
  const edit = wholeNote(draft, held);
  try {
    return await update(api, token, edit);
  } catch (error) {
    if (isInTrash(error)) {
      const restored = await api.restoreFromTrash(token, draft.noteId).catch((failure) => {
        // Restored by someone else meanwhile: the save can go again as it is.
        if (failure instanceof NoteRequestError && failure.status === 404) return null;
        throw failure;
      });
      if (restored) hooks.restored(restored);
      return update(api, token, restored ? wholeNote(draft, restored) : edit);
    }
    if (isGone(error)) {
      const created = await api.createNote(token);
      const result = await api.updateNote(token, { ...created, body: draft.text });
      hooks.savedAsNew(result.note);
      return result;
    }
    throw error;
  }
}
