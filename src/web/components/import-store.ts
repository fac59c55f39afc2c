import { useSyncExternalStore } from 'react';
import type { ImportSummary } from '../../shared/note-transfer.js';
import { type UploadProgress, uploadImport } from '../api/transfer-api.js';

/** Where an import stands; kept apart from the notes state, which the live socket updates. */
export interface ImportState {
  isOpen: boolean;
  phase: 'choosing' | 'uploading' | 'importing' | 'done';
  /** The file being sent now (1-based) of how many, and how far its upload has got. */
  fileNumber: number;
  fileCount: number;
  fileName: string;
  progress: UploadProgress;
  /** All files' results added up; a refused file is one entry in `failed`. */
  summary: ImportSummary;
}

const empty: ImportSummary = { imported: 0, skipped: 0, failed: [] };
let state: ImportState = {
  isOpen: false,
  phase: 'choosing',
  fileNumber: 0,
  fileCount: 0,
  fileName: '',
  progress: { sent: 0, total: 0 },
  summary: empty,
};
const listeners = new Set<() => void>();

function update(change: Partial<ImportState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

export function useImportState<T>(select: (state: ImportState) => T): T {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => select(state),
  );
}

export function openImport(): void {
  if (state.phase === 'uploading' || state.phase === 'importing') update({ isOpen: true });
  else update({ isOpen: true, phase: 'choosing', summary: empty, fileCount: 0 });
}

export function closeImport(): void {
  update({ isOpen: false });
}

/** Sends the files one after another; the notes arrive in the list over the live socket. */
export async function importFiles(token: string, files: File[]): Promise<void> {
  if (files.length === 0 || state.phase === 'uploading' || state.phase === 'importing') return;
  update({ isOpen: true, phase: 'uploading', fileCount: files.length, summary: empty });
  let summary = empty;
  for (const [index, file] of files.entries()) {
    update({
      phase: 'uploading',
      fileNumber: index + 1,
      fileName: file.name,
      progress: { sent: 0, total: file.size },
    });
    try {
      const result = await uploadImport(token, file, (progress) => {
        update({ progress, phase: progress.sent >= progress.total ? 'importing' : 'uploading' });
      });
      summary = {
        imported: summary.imported + result.imported,
        skipped: summary.skipped + result.skipped,
        failed: [...summary.failed, ...result.failed],
        changed: [...(summary.changed ?? []), ...(result.changed ?? [])],
      };
    } catch (error) {
      const message = (error as Error).message;
      // The server names the file in its message already; a network failure does not.
      const text = message.startsWith(`${file.name}: `)
        ? message.slice(file.name.length + 2)
        : message;
      summary = { ...summary, failed: [...summary.failed, { name: file.name, error: text }] };
    }
    update({ summary });
  }
  update({ phase: 'done' });
}
