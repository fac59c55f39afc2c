import { useCallback } from 'react';
import type { NoteId } from '../../shared/note.js';
import type { TextEdit } from '../../shared/text-edits.js';
import { useAppState, useController } from '../app-context.js';
import { NoteEditor } from '../editor/note-editor.js';
import { PreviewPane } from '../preview/preview-pane.js';
import { selectEditorText } from '../state/selectors.js';
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
  return (
    <>
      {/* Hidden, not unmounted, so the editor keeps its undo history and spell checker. */}
      <div className="detail-pane__editor" hidden={isPreviewOpen}>
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
