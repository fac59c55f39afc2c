import { useCallback } from 'react';
import { useAppState, useController } from '../app-context.js';
import { NoteEditor } from '../editor/note-editor.js';
import { selectEditorText, selectSelectedNote } from '../state/selectors.js';
import { BackIcon, TrashIcon } from './icons.js';
import { InfoPopover } from './info-popover.js';
import { NOTES_NAV_ID } from './notes-list.js';
import { SaveStatus } from './save-status.js';
import './detail-pane.css';

/** Browser confirmation before a delete (spec §2.5, §9). */
export const DELETE_CONFIRMATION = 'Are you sure?';

function focusNoteInList(noteId: string) {
  requestAnimationFrame(() => {
    const link = document.querySelector<HTMLElement>(`[data-note-id="${CSS.escape(noteId)}"]`);
    (link ?? document.getElementById(NOTES_NAV_ID))?.focus();
  });
}

/** Detail pane (spec §2.5): toolbar with Back (narrow only), Info, Delete; then the editor. */
export function DetailPane() {
  const controller = useController();
  const note = useAppState(selectSelectedNote);
  const editorText = useAppState((state) => {
    const selected = selectSelectedNote(state);
    return selected ? selectEditorText(state, selected) : '';
  });
  const noteId = note?.id;
  const onChange = useCallback(
    (text: string) => {
      if (noteId !== undefined) controller.editNote(noteId, text);
    },
    [controller, noteId],
  );

  function back() {
    controller.clearSelection();
    if (noteId !== undefined) focusNoteInList(noteId);
  }

  async function remove() {
    if (noteId === undefined || !window.confirm(DELETE_CONFIRMATION)) return;
    await controller.deleteNote(noteId);
    requestAnimationFrame(() => document.getElementById(NOTES_NAV_ID)?.focus());
  }

  return (
    <main className="detail-pane">
      <header className="controls-bar detail-pane__bar">
        {note && (
          <button className="button detail-pane__back" type="button" onClick={back}>
            <BackIcon />
            Back
          </button>
        )}
        <SaveStatus />
        {note && (
          <div className="detail-pane__actions">
            <InfoPopover note={note} />
            <button className="button button--danger" type="button" onClick={() => void remove()}>
              <TrashIcon />
              Delete
            </button>
          </div>
        )}
      </header>
      {note ? (
        <NoteEditor value={editorText} noteId={note.id} onChange={onChange} autoFocus />
      ) : (
        <div className="detail-pane__empty">
          <p className="detail-pane__empty-title">Select a note or create a new one</p>
          <p className="detail-pane__empty-hint">Pick a note from the list, or press New.</p>
        </div>
      )}
    </main>
  );
}
