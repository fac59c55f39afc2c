import type { Page } from '@playwright/test';

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
 * The unsaved texts the page keeps on the device, read straight from IndexedDB: a test that
 * closes the page waits for these, as a closing tab without a prompt keeps only what is written.
 */
export function keptDraftTexts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open('quire-drafts');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const database = request.result;
          if (!database.objectStoreNames.contains('drafts')) return resolve([]);
          const all = database.transaction('drafts').objectStore('drafts').getAll();
          all.onsuccess = () => resolve(all.result.map((draft: { text: string }) => draft.text));
          all.onerror = () => reject(all.error);
        };
      }),
  );
}
