import type { NoteId } from '../../shared/note.js';
import { useController } from '../app-context.js';
import { revealWhenOpened } from '../editor/pending-place.js';

/** Opens a note in the editor (not the preview) with the cursor at an offset in its text. */
export function useOpenAt(): (noteId: NoteId, at: number) => void {
  const controller = useController();
  return (noteId, at) => {
    revealWhenOpened(noteId, { at });
    controller.find.togglePreview(false);
    controller.selectNote(noteId);
  };
}
