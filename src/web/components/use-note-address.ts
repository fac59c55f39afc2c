import { useEffect } from 'react';
import { noteAddress, noteIdAt } from '../../shared/note-address.js';
import { useController } from '../app-context.js';
import type { AppState } from '../state/app-state.js';

/** What a history entry this app pushed for a note holds: whether the entry below shows no note. */
interface NoteEntry {
  quireNoteOverList: boolean;
}

const isOverList = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as NoteEntry).quireNoteOverList === true;

const LIST_ADDRESS = '/';

/** The note shown: the one open, or the one the address names that is not here. */
const shownOf = (state: AppState) => state.selectedNoteId ?? state.missingNoteId;

/**
 * The address follows the note open (`/notes/{id}`), so a reload, a bookmark or a link reopens
 * it, and the browser's Back and Forward move between the notes opened, at every width. Back
 * from a note opened from the list returns to the list; a note closed by the app's own Back or
 * a delete takes its entry back off, so the browser's Back is not spent on it. An address
 * naming a note that is not here (gone, or another account's) shows that, with a way back.
 */
export function useNoteAddress(): void {
  const controller = useController();
  useEffect(() => {
    const { store } = controller;
    let shown = shownOf(store.getState());
    // Pops caused by this hook's own history.back(), told apart from the user's Back.
    let ownBacks = 0;

    /** Opens what the address names; false while the list that would tell is not in yet. */
    const followAddress = (): boolean => {
      const state = store.getState();
      const id = noteIdAt(location.pathname);
      if (id === null) {
        if (shownOf(state) !== null) controller.clearSelection();
        return true;
      }
      if (state.notes.has(id)) {
        if (state.selectedNoteId !== id) controller.selectNote(id);
        return true;
      }
      if (!state.notesLoaded) return false;
      if (state.missingNoteId !== id) controller.showMissingNote(id);
      return true;
    };

    const addressNote = (id: string, replace: boolean) => {
      if (noteIdAt(location.pathname) === id) return;
      if (replace) {
        history.replaceState(history.state, '', noteAddress(id));
        return;
      }
      const entry: NoteEntry = { quireNoteOverList: noteIdAt(location.pathname) === null };
      history.pushState(entry, '', noteAddress(id));
    };

    const addressList = () => {
      if (noteIdAt(location.pathname) === null) return;
      if (isOverList(history.state)) {
        ownBacks += 1;
        history.back();
      } else {
        history.replaceState(null, '', LIST_ADDRESS);
      }
    };

    const follow = () => {
      const state = store.getState();
      const next = shownOf(state);
      if (next === shown) return;
      const previous = shown;
      shown = next;
      if (state.selectedNoteId !== null) {
        // A note that took the place of the one shown (brought back under a new id) keeps its entry.
        addressNote(state.selectedNoteId, previous !== null && !state.notes.has(previous));
      } else if (state.missingNoteId === null) {
        addressList();
      }
    };

    let waiting = !followAddress();
    const unsubscribe = store.subscribe(() => {
      if (waiting) {
        waiting = false;
        // Unless the person opened a note meanwhile (theirs wins), the list may tell now.
        if (shownOf(store.getState()) === shown) {
          waiting = !followAddress();
          return;
        }
      }
      follow();
    });
    const onPopState = () => {
      if (ownBacks > 0) {
        ownBacks -= 1;
        // A note opened again before that Back was done: it gets its address anew.
        const selected = store.getState().selectedNoteId;
        if (selected !== null) addressNote(selected, false);
        return;
      }
      waiting = !followAddress();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      unsubscribe();
      window.removeEventListener('popstate', onPopState);
    };
  }, [controller]);
}
