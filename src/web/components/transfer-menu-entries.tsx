import { useState } from 'react';
import { downloadExport } from '../api/transfer-api.js';
import { useAppState, useController } from '../app-context.js';
import { DownloadIcon, UploadIcon } from './icons.js';
import { openImport } from './import-store.js';

/** "Export all notes" and "Import…" in the side menu. */
export function TransferMenuEntries() {
  const controller = useController();
  const token = useAppState((state) => state.token);
  const [exporting, setExporting] = useState(false);

  async function exportAll() {
    setExporting(true);
    try {
      await downloadExport(token);
    } catch (error) {
      console.error(error);
      controller.showNotice('Your notes could not be exported. Please try again.');
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <button
        className="button side-menu__entry"
        type="button"
        disabled={exporting}
        onClick={() => void exportAll()}
      >
        <DownloadIcon />
        {exporting ? 'Exporting…' : 'Export all notes'}
      </button>
      <button
        className="button side-menu__entry"
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          controller.toggleMenu(false);
          openImport();
        }}
      >
        <UploadIcon />
        Import…
      </button>
    </>
  );
}
