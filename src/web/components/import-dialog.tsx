import { useEffect, useRef } from 'react';
import { useAppState } from '../app-context.js';
import { CloseIcon } from './icons.js';
import { ImportProgress } from './import-progress.js';
import { closeImport, importFiles, useImportState } from './import-store.js';
import { ImportSummaryView } from './import-summary.js';
import './import-dialog.css';

/**
 * The "Import…" dialog: a file picker (or files dropped on it or on the list), progress while
 * the files go up and are read, then what was imported, skipped and refused.
 */
export function ImportDialog() {
  const token = useAppState((state) => state.token);
  const isOpen = useImportState((state) => state.isOpen);
  const phase = useImportState((state) => state.phase);
  const dialog = useRef<HTMLDialogElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  // showModal() gives the dialog its focus trap, Escape and the inert page behind it.
  useEffect(() => {
    const element = dialog.current;
    if (isOpen && element && !element.open) element.showModal();
    if (!isOpen && element?.open) element.close();
  }, [isOpen]);

  const busy = phase === 'uploading' || phase === 'importing';
  const choose = (files: FileList | null) => void importFiles(token, [...(files ?? [])]);

  return (
    <dialog
      ref={dialog}
      className="import-dialog"
      aria-labelledby="import-title"
      onClose={closeImport}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        if (!busy) choose(event.dataTransfer.files);
      }}
    >
      <header className="controls-bar import-dialog__bar">
        <h2 id="import-title" className="import-dialog__title">
          Import notes
        </h2>
        <button className="button" type="button" aria-label="Close import" onClick={closeImport}>
          <CloseIcon />
        </button>
      </header>
      <div className="import-dialog__body">
        <p className="import-dialog__formats">
          Markdown or text files, or a zip of them (a Quire export, an Obsidian vault, a Joplin
          export); a Simplenote or Standard Notes backup; a Google Keep Takeout; an Evernote .enex
          file. Importing the same file again adds nothing.
        </p>
        <input
          ref={picker}
          className="import-dialog__input"
          type="file"
          multiple
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            choose(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        <div className="import-dialog__drop">
          <button
            className="button button--primary"
            type="button"
            disabled={busy}
            onClick={() => picker.current?.click()}
          >
            {phase === 'done' ? 'Import more files…' : 'Choose files…'}
          </button>
          <span className="import-dialog__hint">or drop them here or on the notes list</span>
        </div>
        <ImportProgress />
        <ImportSummaryView />
      </div>
    </dialog>
  );
}
