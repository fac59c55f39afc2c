import { Fragment, useId } from 'react';
import { useController } from '../app-context.js';
import { EDITOR_SHORTCUTS } from '../shortcuts/editor-shortcuts.js';
import { chordLabel, type KeyChord, SHORTCUTS } from '../shortcuts/shortcuts.js';
import { ModalDialog } from './modal-dialog.js';
import './shortcuts-dialog.css';

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

interface Row {
  description: string;
  chords: readonly KeyChord[];
  inTurn?: boolean;
}

function ShortcutRows({ rows, mac }: { rows: readonly Row[]; mac: boolean }) {
  return rows.map((row) => (
    <div key={row.description} className="shortcuts-dialog__row">
      <dt className="shortcuts-dialog__keys">
        {row.chords.map((chord, index) => (
          <Fragment key={chord.code ?? chord.key}>
            {index > 0 && (
              <span className="shortcuts-dialog__or"> {row.inTurn ? 'then' : 'or'} </span>
            )}
            {chordLabel(chord, mac).map((key) => (
              <kbd key={key}>{key}</kbd>
            ))}
          </Fragment>
        ))}
      </dt>
      <dd className="shortcuts-dialog__action">{row.description}</dd>
    </div>
  ));
}

/** "Keyboard shortcuts" (`?`): the app's shortcuts and the editor's, written for this platform. */
export function ShortcutsDialog() {
  const controller = useController();
  const mac = isMac();
  const editorHeading = useId();
  return (
    <ModalDialog
      title="Keyboard shortcuts"
      className="shortcuts-dialog"
      onClose={() => controller.find.openDialog(null)}
    >
      <div className="shortcuts-dialog__body">
        <dl className="shortcuts-dialog__list">
          <ShortcutRows rows={SHORTCUTS} mac={mac} />
        </dl>
        <h3 className="shortcuts-dialog__heading" id={editorHeading}>
          In the editor
        </h3>
        <dl className="shortcuts-dialog__list" aria-labelledby={editorHeading}>
          <ShortcutRows rows={EDITOR_SHORTCUTS} mac={mac} />
        </dl>
      </div>
    </ModalDialog>
  );
}
