import type { NoteId } from '../../shared/note.js';
import type { AppStore } from '../state/store.js';

/**
 * Notes made with New in this window and not written in: once another note (or the list) is
 * shown instead, one still empty is not kept. Text written in it, here or on another device,
 * keeps it for good, even if it is erased later.
 */
export class LeftEmptyNotes {
  private readonly made = new Set<NoteId>();

  constructor(
    store: AppStore,
    textOf: (id: NoteId) => string | undefined,
    drop: (id: NoteId) => void,
  ) {
    let shown = store.getState().selectedNoteId;
    store.subscribe(() => {
      const state = store.getState();
      for (const id of this.made) {
        const text = textOf(id);
        if (text === undefined || text !== '') this.made.delete(id);
      }
      if (state.selectedNoteId === shown) return;
      const left = shown;
      shown = state.selectedNoteId;
      if (left !== null && this.made.delete(left)) drop(left);
    });
  }

  /** A note New made, empty. */
  add(id: NoteId): void {
    this.made.add(id);
  }

  /** Forgets them all (log out). */
  clear(): void {
    this.made.clear();
  }
}
