import { useEffect } from 'react';
import { useController } from '../app-context.js';
import { isNarrowScreen } from './screen-width.js';

/** Marks the history entry of an open note; the URL stays the same. */
const NOTE_OPEN = 'quireNoteOpen';

function isNoteEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && NOTE_OPEN in state;
}

/**
 * On a narrow screen an open note is a page of its own: opening it adds a history entry (same
 * URL), so the browser's Back returns to the list instead of leaving Quire. Closing the note
 * another way (Back button, delete) takes that entry back off.
 */
export function useBackToList(): void {
  const controller = useController();
  useEffect(() => {
    const { store } = controller;
    // A reload keeps the entry's mark but not the open note: start from a plain entry.
    if (isNoteEntry(history.state)) history.replaceState(null, '');
    let entryAdded = false;
    // Pops caused by this hook's own history.back(), told apart from the user's Back.
    let ownBacks = 0;
    let selected = store.getState().selectedNoteId;
    const addEntry = () => {
      history.pushState({ [NOTE_OPEN]: true }, '');
      entryAdded = true;
    };

    const unsubscribe = store.subscribe(() => {
      const next = store.getState().selectedNoteId;
      if (next === selected) return;
      selected = next;
      if (next !== null && !entryAdded && isNarrowScreen()) addEntry();
      else if (next === null && entryAdded) {
        entryAdded = false;
        ownBacks += 1;
        history.back();
      }
    });
    const onPopState = () => {
      entryAdded = isNoteEntry(history.state);
      const noteOpen = store.getState().selectedNoteId !== null;
      if (ownBacks > 0) {
        ownBacks -= 1;
        // A note opened again before that Back was done: it gets its entry anew.
        if (noteOpen && !entryAdded && isNarrowScreen()) addEntry();
        return;
      }
      if (!entryAdded && noteOpen) controller.clearSelection();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      unsubscribe();
      window.removeEventListener('popstate', onPopState);
    };
  }, [controller]);
}
