import { useCallback, useEffect, useState } from 'react';
import type { NoteId } from '../../shared/note.js';
import { shownTitle } from '../../shared/note-display.js';
import type { TrashedNote } from '../../shared/note-history.js';
import { useAppState, useController } from '../app-context.js';
import { ModalDialog } from './modal-dialog.js';
import { formatNoteTime } from './note-time.js';
import './trash-dialog.css';

export const DELETE_FOREVER_CONFIRMATION = 'Delete this note forever? This cannot be undone.';
export const EMPTY_TRASH_CONFIRMATION =
  'Delete every note in the trash forever? This cannot be undone.';

/** "Trash" (side menu): deleted notes, to read, to restore or to delete for good. */
export function TrashDialog() {
  const open = useAppState((state) => state.isTrashOpen);
  return open ? <Trash /> : null;
}

function Trash() {
  const controller = useController();
  const [notes, setNotes] = useState<TrashedNote[] | null>(null);
  const [failed, setFailed] = useState(false);
  // The deleted note being read, before it is restored or deleted for good.
  const [reading, setReading] = useState<NoteId | null>(null);

  const load = useCallback(() => {
    controller.trash.list().then(
      (list) => {
        setNotes(list);
        setFailed(false);
      },
      (error: unknown) => {
        console.error(error);
        setFailed(true);
      },
    );
  }, [controller]);
  useEffect(load, [load]);

  /** Runs an action on the trash, then shows the trash as it is now. */
  async function act(action: () => Promise<unknown>, failure: string) {
    try {
      await action();
    } catch (error) {
      console.error(error);
      controller.showNotice(`${failure} Please try again.`);
    }
    load();
  }

  function restore(id: NoteId) {
    void act(() => controller.trash.restore(id), 'Could not restore the note.');
  }

  function deleteForever(id: NoteId) {
    if (!window.confirm(DELETE_FOREVER_CONFIRMATION)) return;
    void act(() => controller.trash.deleteForever(id), 'Could not delete the note.');
  }

  function empty() {
    if (!window.confirm(EMPTY_TRASH_CONFIRMATION)) return;
    void act(() => controller.trash.empty(), 'Could not empty the trash.');
  }

  let body = <p className="modal__message">Loading the trash…</p>;
  if (failed) body = <p className="modal__message">Could not load the trash. Please try again.</p>;
  else if (notes?.length === 0) body = <p className="modal__message">The trash is empty.</p>;
  else if (notes) {
    body = (
      <ul className="trash__items" aria-label="Deleted notes">
        {notes.map((note) => {
          const title = shownTitle(note.body);
          return (
            <li key={note.id} className="trash__item">
              <div className="trash__text">
                <span className="trash__title">{title}</span>
                <span className="trash__time">Deleted {formatNoteTime(note.timeDeleted)}</span>
              </div>
              <button
                type="button"
                className="button button--outline"
                aria-label={`Read ${title}`}
                aria-expanded={reading === note.id}
                aria-controls={`trash-text-${note.id}`}
                onClick={() => setReading(reading === note.id ? null : note.id)}
              >
                {reading === note.id ? 'Hide' : 'Read'}
              </button>
              <button
                type="button"
                className="button button--outline"
                aria-label={`Restore ${title}`}
                onClick={() => restore(note.id)}
              >
                Restore
              </button>
              <button
                type="button"
                className="button button--danger"
                aria-label={`Delete ${title} forever`}
                onClick={() => deleteForever(note.id)}
              >
                Delete forever
              </button>
              {reading === note.id && (
                <section
                  id={`trash-text-${note.id}`}
                  className="trash__reading"
                  aria-label={`Text of ${title}`}
                  // The text is read only: it scrolls by keyboard as well.
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to be scrolled by keys
                  tabIndex={0}
                >
                  {note.body}
                </section>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <ModalDialog
      title="Trash"
      className="trash-dialog"
      onClose={() => controller.trash.close()}
      actions={
        notes && notes.length > 0 ? (
          <button type="button" className="button button--danger" onClick={empty}>
            Empty trash
          </button>
        ) : null
      }
    >
      <p className="trash__policy">Deleted notes wait here for a while before they go for good.</p>
      {body}
    </ModalDialog>
  );
}
