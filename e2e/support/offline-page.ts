import type { Page } from '@playwright/test';
import * as Y from 'yjs';
import { NOTE_DOCUMENT_TEXT } from '../../src/shared/note-document.js';

/** The notes the page keeps on the device for its account, read straight from IndexedDB. */
export function cachedNoteCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('quire-offline');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const database = request.result;
          if (!database.objectStoreNames.contains('notes')) return resolve(0);
          const count = database.transaction('notes').objectStore('notes').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

/** Waits until the service worker is active, so that a reload is served by it. */
export async function serviceWorkerActive(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Answers an "Are you sure?" with OK, once. */
export function confirmNextDialog(page: Page): void {
  page.once('dialog', (dialog) => void dialog.accept());
}

/**
 * The texts of the notes with typing the server has not acknowledged, as the page keeps them on
 * the device (each note's document and its unsent updates, read straight from IndexedDB): a
 * test that closes the page waits for these, as a closing tab without a prompt keeps only what
 * is written.
 */
export async function keptUnsentTexts(page: Page): Promise<string[]> {
  const kept = await page.evaluate(
    () =>
      new Promise<{ state: number[] | null; pending: number[][] }[]>((resolve, reject) => {
        const request = indexedDB.open('quire-documents');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const database = request.result;
          if (!database.objectStoreNames.contains('pending')) return resolve([]);
          const t = database.transaction(['states', 'pending']);
          const states = t.objectStore('states').getAll();
          const pending = t.objectStore('pending').getAll();
          t.onerror = () => reject(t.error);
          t.oncomplete = () => {
            const notes = new Map<string, { state: number[] | null; pending: number[][] }>();
            for (const record of pending.result) {
              const key = `${record.account}/${record.noteId}`;
              const note = notes.get(key) ?? { state: null, pending: [] };
              note.pending.push([...record.update]);
              notes.set(key, note);
            }
            for (const record of states.result) {
              const note = notes.get(`${record.account}/${record.noteId}`);
              if (note) note.state = [...record.state];
            }
            resolve([...notes.values()]);
          };
        };
      }),
  );
  return kept.map(({ state, pending }) => {
    const doc = new Y.Doc();
    for (const update of [...(state ? [state] : []), ...pending]) {
      Y.applyUpdate(doc, Uint8Array.from(update));
    }
    return doc.getText(NOTE_DOCUMENT_TEXT).toString();
  });
}
