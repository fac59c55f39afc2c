import { useEffect, useState } from 'react';
import type { NoteId } from '../../shared/note.js';
import { useController } from '../app-context.js';
import type { Backlink } from '../find/note-backlinks.js';
import { noteBacklinksOf } from './use-note-links.js';

/** Notes changing one after another (typing, a sync) are looked at once they settle. */
const SETTLE_MS = 250;

/** The notes that link to `noteId`, kept current as notes change here and elsewhere. */
export function useBacklinks(noteId: NoteId): Backlink[] {
  const controller = useController();
  const backlinks = noteBacklinksOf(controller);
  const [found, setFound] = useState(() => backlinks.of(noteId));
  useEffect(() => {
    const { store } = controller;
    setFound(backlinks.of(noteId));
    let notes = store.getState().notes;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe(() => {
      const state = store.getState();
      if (state.notes === notes) return;
      notes = state.notes;
      clearTimeout(timer);
      timer = setTimeout(() => setFound(backlinks.of(noteId)), SETTLE_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [controller, backlinks, noteId]);
  return found;
}
