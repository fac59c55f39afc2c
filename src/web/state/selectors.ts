import type { Note } from '../../shared/note.js';
import type { AppState } from './app-state.js';

/**
 * The one staleness rule: a version is taken only when it is newer than what is held, be it
 * the note itself or the revision it had when it left the list.
 */
export function isNewer(state: AppState, note: Note): boolean {
  const held = state.notes.get(note.id)?.revision ?? state.removedRevisions[note.id] ?? 0;
  return note.revision > held;
}

export function selectSelectedNote(state: AppState): Note | undefined {
  return state.selectedNoteId === null ? undefined : state.notes.get(state.selectedNoteId);
}

/**
 * What the editor shows for a note: the unsaved local text when there is one, so an answer or
 * echo carrying an older body never reverts typing; otherwise the stored body.
 */
export function selectEditorText(state: AppState, note: Note): string {
  return state.drafts[note.id] ?? note.body;
}
