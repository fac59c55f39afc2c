import { useEffect, useState } from 'react';
import type { NoteId } from '../../shared/note.js';
import { useController } from '../app-context.js';
import type { LocalDocument } from '../documents/local-document.js';
import type { NotePresence } from '../documents/note-presence.js';

/**
 * This window's presence in the note its editor shows, once the note's document is here; the
 * other windows stop seeing it when the note closes.
 */
export function useNotePresence(
  noteId: NoteId,
  document: LocalDocument | undefined,
): NotePresence | undefined {
  const controller = useController();
  const [presence, setPresence] = useState<NotePresence | undefined>(undefined);
  useEffect(() => {
    if (!document) return;
    const made = controller.presenceOf(noteId);
    setPresence(made);
    return () => {
      if (made) controller.releasePresence(noteId, made);
      setPresence(undefined);
    };
  }, [controller, noteId, document]);
  return presence?.doc === document ? presence : undefined;
}
