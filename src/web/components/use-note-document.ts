import { useEffect, useState, useSyncExternalStore } from 'react';
import type { NoteId } from '../../shared/note.js';
import { useController } from '../app-context.js';
import type { LocalDocument } from '../documents/local-document.js';

/**
 * The note's document for its editor: asked for when the note opens (and again when the
 * connection comes back, if it could not be had), followed as it comes or is replaced.
 */
export function useNoteDocument(noteId: NoteId): LocalDocument | undefined {
  const controller = useController();
  const { offline: session } = controller;
  const offline = useSyncExternalStore(session.subscribe, session.isOffline);
  const [held, setHeld] = useState(() => controller.documentOf(noteId));
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked for again when the connection comes back
  useEffect(() => {
    let open = true;
    const follow = () => {
      if (open) setHeld(controller.documentOf(noteId));
    };
    const stop = controller.watchDocuments((id) => id === noteId && follow());
    follow();
    if (!controller.documentOf(noteId)) void controller.openDocument(noteId).then(follow);
    return () => {
      open = false;
      stop();
    };
  }, [controller, noteId, offline]);
  return held?.noteId === noteId ? held : undefined;
}
