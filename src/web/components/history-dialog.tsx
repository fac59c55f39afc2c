import { useEffect, useRef, useState } from 'react';
import type { NoteId } from '../../shared/note.js';
import { useAppState, useController } from '../app-context.js';
import { selectEditorText } from '../state/selectors.js';
import { ModalDialog } from './modal-dialog.js';
import { formatVersionTime } from './note-time.js';
import { TextDiffView } from './text-diff-view.js';
import { useVersions, useVersionText } from './use-note-history.js';
import { VersionChangeSummary } from './version-change-summary.js';
import { VERSION_REASON_LABELS } from './version-labels.js';
import './history-dialog.css';

/** "History" (beside Info): a note's past versions, each compared with the text now. */
export function HistoryDialog() {
  const view = useAppState((state) => state.history);
  if (!view) return null;
  return <NoteHistory key={view.noteId} noteId={view.noteId} initial={view.revision} />;
}

function NoteHistory({ noteId, initial }: { noteId: NoteId; initial: number | null }) {
  const controller = useController();
  const versions = useVersions(noteId);
  const [picked, setPicked] = useState(initial);
  const [restoring, setRestoring] = useState(false);
  const current = useAppState((state) => {
    const note = state.notes.get(noteId);
    return note ? selectEditorText(state, note) : '';
  });
  const list = versions.state === 'ready' ? versions.value : [];
  const versionList = useRef<HTMLUListElement>(null);
  const ready = versions.state === 'ready';

  // Once the versions are in, the keyboard starts on the one shown.
  useEffect(() => {
    if (ready) versionList.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus();
  }, [ready]);
  const revision = picked ?? list[0]?.revision ?? null;
  const text = useVersionText(noteId, revision);

  async function restore() {
    if (revision === null) return;
    setRestoring(true);
    try {
      await controller.restoreVersion(noteId, revision);
      controller.history.close();
    } catch (error) {
      console.error(error);
      controller.showNotice('Could not restore that version. Please try again.');
      setRestoring(false);
    }
  }

  let body = <p className="modal__message">Loading versions…</p>;
  if (versions.state === 'failed') {
    body = <p className="modal__message">Could not load the history. Please try again.</p>;
  } else if (versions.state === 'ready' && list.length === 0) {
    body = <p className="modal__message">No earlier versions of this note yet.</p>;
  } else if (versions.state === 'ready') {
    body = (
      <div className="history">
        <ul ref={versionList} className="history__versions" aria-label="Versions">
          {list.map((version) => (
            <li key={version.revision}>
              <button
                type="button"
                className="history__version"
                aria-pressed={version.revision === revision}
                onClick={() => setPicked(version.revision)}
              >
                <span className="history__time">{formatVersionTime(version.timeLastModified)}</span>
                <span className="history__reason">{VERSION_REASON_LABELS[version.reason]}</span>
                <VersionChangeSummary change={version.change} />
              </button>
            </li>
          ))}
        </ul>
        <section className="history__compare" aria-label="Compared with the note now">
          {text.state === 'ready' && <TextDiffView before={text.value} after={current} />}
          {text.state === 'loading' && <p className="modal__message">Loading the text…</p>}
          {text.state === 'failed' && (
            <p className="modal__message">Could not load this version. Please try again.</p>
          )}
          <div className="history__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={text.state !== 'ready' || restoring}
              onClick={() => void restore()}
            >
              Restore this version
            </button>
          </div>
        </section>
      </div>
    );
  }

  return (
    <ModalDialog
      title="History"
      className="history-dialog"
      onClose={() => controller.history.close()}
    >
      {body}
    </ModalDialog>
  );
}
