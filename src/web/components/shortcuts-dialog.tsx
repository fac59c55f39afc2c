import { Fragment } from 'react';
import { useController } from '../app-context.js';
import { chordLabel, SHORTCUTS } from '../shortcuts/shortcuts.js';
import { ModalDialog } from './modal-dialog.js';
import './shortcuts-dialog.css';

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** "Keyboard shortcuts" (`?`): the shortcut table, written for this platform. */
export function ShortcutsDialog() {
  const controller = useController();
  const mac = isMac();
  return (
    <ModalDialog
      title="Keyboard shortcuts"
      className="shortcuts-dialog"
      onClose={() => controller.find.openDialog(null)}
    >
      <dl className="shortcuts-dialog__list">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.id} className="shortcuts-dialog__row">
            <dt className="shortcuts-dialog__keys">
              {shortcut.chords.map((chord, index) => (
                <Fragment key={chord.code ?? chord.key}>
                  {index > 0 && <span className="shortcuts-dialog__or"> or </span>}
                  {chordLabel(chord, mac).map((key) => (
                    <kbd key={key}>{key}</kbd>
                  ))}
                </Fragment>
              ))}
            </dt>
            <dd className="shortcuts-dialog__action">{shortcut.description}</dd>
          </div>
        ))}
      </dl>
    </ModalDialog>
  );
}
