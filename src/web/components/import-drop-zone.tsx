import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import { useAppState } from '../app-context.js';
import { importFiles } from './import-store.js';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** Files dropped on the notes list are imported, with the import dialog showing progress. */
export function ImportDropZone({ children }: { children: ReactNode }) {
  const token = useAppState((state) => state.token);
  const [isOver, setOver] = useState(false);
  // dragenter/leave fire for every child crossed; counting them tells when the zone is left.
  const depth = useRef(0);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the keyboard way is "Import…" in the menu
    <div
      className="import-drop-zone"
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return;
        depth.current += 1;
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        void importFiles(token, [...event.dataTransfer.files]);
      }}
    >
      {children}
      {isOver && <div className="import-drop-zone__overlay">Drop files to import them</div>}
    </div>
  );
}
