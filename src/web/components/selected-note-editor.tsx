import { useCallback, useLayoutEffect, useRef } from 'react';
import type { NoteId } from '../../shared/note.js';
import type { TextEdit } from '../../shared/text-edits.js';
import { useAppState, useController } from '../app-context.js';
import { NoteEditor } from '../editor/note-editor.js';
import { PreviewPane } from '../preview/preview-pane.js';
import { selectEditorText } from '../state/selectors.js';
import { focusEditor } from './focus-places.js';
import { PREVIEW_BUTTON_ID } from './preview-button.js';
import { useNoteDocument } from './use-note-document.js';
import { useNoteLinks } from './use-note-links.js';
import { useNotePresence } from './use-note-presence.js';

/**
 * The editor of the open note, or its rendered preview. It alone follows the text, so a
 * keystroke re-renders the editor and the note's list item, not the toolbar around it.
 */
export function SelectedNoteEditor({ noteId }: { noteId: NoteId }) {
  const controller = useController();
  const text = useAppState((state) => {
    const note = state.notes.get(noteId);
    return note ? selectEditorText(state, note) : '';
  });
  const onChange = useCallback(
    (changed: string, edits?: TextEdit[]) => controller.editNote(noteId, changed, edits),
    [controller, noteId],
  );
  const document = useNoteDocument(noteId);
  const presence = useNotePresence(noteId, document);
  const isPreviewOpen = useAppState((state) => state.find.isPreviewOpen);
  // While the list shows search results, their matches are highlighted in the note.
  const highlight = useAppState((state) => (state.find.hits ? state.find.searchText : ''));
  const showTag = useCallback((tag: string) => controller.find.filterByTag(tag), [controller]);
  const links = useNoteLinks();
  const editorBox = useRef<HTMLDivElement>(null);
  const previewWasOpen = useRef(isPreviewOpen);
  // Toggled back from the preview, the keyboard is in the text again before the next key
  // (a layout effect, not a frame later); toggled to it from the text, it stays on the toggle.
  useLayoutEffect(() => {
    if (previewWasOpen.current === isPreviewOpen) return;
    previewWasOpen.current = isPreviewOpen;
    const box = editorBox.current;
    if (!box) return;
    if (!isPreviewOpen) focusEditor(box);
    else if (box.contains(window.document.activeElement)) {
      window.document.getElementById(PREVIEW_BUTTON_ID)?.focus();
    }
  }, [isPreviewOpen]);
  return (
    <>
      {/* Hidden, not unmounted, so the editor keeps its undo history and spell checker. */}
      <div ref={editorBox} className="detail-pane__editor" hidden={isPreviewOpen}>
        <NoteEditor
          value={text}
          noteId={noteId}
          document={document}
          presence={presence}
          onChange={onChange}
          onTagClick={showTag}
          highlight={highlight}
          links={links}
          autoFocus
        />
      </div>
      {isPreviewOpen && <PreviewPane text={text} onChange={onChange} links={links} />}
    </>
  );
}
