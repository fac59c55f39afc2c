import type { Note } from '../../shared/note.js';
import type { AppState } from './app-state.js';

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
