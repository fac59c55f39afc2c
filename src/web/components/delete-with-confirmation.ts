import type { NoteId } from '../../shared/note.js';
import type { AppController } from '../controller/app-controller.js';
import { selectVisibleNoteIds } from '../state/find-selectors.js';
import { focusListItem } from './focus-places.js';

/** Browser confirmation before a delete (docs/interface.md#the-note-pane). */
export const DELETE_CONFIRMATION = 'Are you sure?';

/**
 * "Delete" and its shortcut: asks first, deletes, and puts the keyboard on the note that took
 * the deleted one's place in the list (the list itself when it is empty), never the page body.
 */
export async function deleteWithConfirmation(controller: AppController, id: NoteId) {
  if (!window.confirm(DELETE_CONFIRMATION)) return;
  const index = selectVisibleNoteIds(controller.store.getState()).indexOf(id);
  await controller.deleteNote(id);
  requestAnimationFrame(() => focusListItem(Math.max(index, 0)));
}
