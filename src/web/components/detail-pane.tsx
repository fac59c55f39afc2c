import { useAppState, useController } from '../app-context.js';
import { selectSelectedNote } from '../state/selectors.js';
import { AttachButton } from './attach-button.js';
import { deleteWithConfirmation } from './delete-with-confirmation.js';
import { BackIcon, HistoryIcon, TrashIcon } from './icons.js';
import { InfoPopover } from './info-popover.js';
import { LinksPanel } from './links-panel.js';
import { NOTES_NAV_ID } from './notes-list.js';
import { OfflineIndicator } from './offline-indicator.js';
import { PreviewButton } from './preview-button.js';
import { SaveStatus } from './save-status.js';
import { SelectedNoteEditor } from './selected-note-editor.js';
import { ShareButton } from './share/share-button.js';
import './detail-pane.css';

function focusNoteInList(noteId: string) {
  requestAnimationFrame(() => {
    const link = document.querySelector<HTMLElement>(`[data-note-id="${CSS.escape(noteId)}"]`);
    (link ?? document.getElementById(NOTES_NAV_ID))?.focus();
  });
}

/**
 * The note pane (docs/interface.md#the-note-pane): toolbar with Back (narrow only), Info, Share,
 * History, Delete; then the editor.
 */
export function DetailPane() {
  const controller = useController();
  const note = useAppState(selectSelectedNote);
  const missingNoteId = useAppState((state) => state.missingNoteId);
  const noteId = note?.id;

  function back() {
    controller.clearSelection();
    if (noteId !== undefined) focusNoteInList(noteId);
    else requestAnimationFrame(() => document.getElementById(NOTES_NAV_ID)?.focus());
  }

  function remove() {
    if (noteId !== undefined) void deleteWithConfirmation(controller, noteId);
  }

  return (
    <main className="detail-pane">
      <header className="controls-bar detail-pane__bar">
        {(note || missingNoteId !== null) && (
          <button
            className="button detail-pane__back"
            type="button"
            title="Back to the list"
            onClick={back}
          >
            <BackIcon />
            <span className="detail-pane__back-label">Back</span>
          </button>
        )}
        <SaveStatus />
        {note && (
          <div className="detail-pane__actions">
            <PreviewButton />
            <AttachButton />
            <InfoPopover note={note} />
            <ShareButton key={note.id} noteId={note.id} />
            <button
              className="button"
              type="button"
              aria-haspopup="dialog"
              title="History"
              onClick={() => controller.history.open(note.id)}
            >
              <HistoryIcon />
              <span className="button__label">History</span>
            </button>
            {/* Set apart from the others, so that it is not pressed in passing. */}
            <span className="detail-pane__danger">
              <button
                className="button button--danger"
                type="button"
                title="Delete"
                onClick={remove}
              >
                <TrashIcon />
                <span className="button__label">Delete</span>
              </button>
            </span>
          </div>
        )}
      </header>
      <OfflineIndicator place="note" />
      {note ? (
        <>
          <SelectedNoteEditor noteId={note.id} />
          {/* Keyed: a note shown is never drawn, even for a frame, with the last one's links. */}
          <LinksPanel key={note.id} noteId={note.id} />
        </>
      ) : missingNoteId !== null ? (
        <div className="detail-pane__empty" role="status">
          <p className="detail-pane__empty-title">This note is not here</p>
          <p className="detail-pane__empty-hint">
            It may have been deleted (look in the Trash), or the link is for another account.
          </p>
          <button className="button" type="button" onClick={back}>
            Show all notes
          </button>
        </div>
      ) : (
        <div className="detail-pane__empty">
          <p className="detail-pane__empty-title">Select a note or create a new one</p>
          <p className="detail-pane__empty-hint">Pick a note from the list, or press New.</p>
        </div>
      )}
    </main>
  );
}
