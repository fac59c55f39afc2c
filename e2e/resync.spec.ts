import type { Page, Request, WebSocketRoute } from '@playwright/test';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { notesNav } from './support/notes-page.js';

/** The page's `GET /api/notes` calls from now on, as their query strings. */
function listRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/api/notes') seen.push(url.search);
  });
  return seen;
}

/** Lets the page's live socket be cut and kept from reconnecting, then let through again. */
async function controlSocket(page: Page) {
  let blocked = false;
  let current: WebSocketRoute | null = null;
  await page.routeWebSocket(/\/socket$/, (socket) => {
    if (blocked) return void socket.close();
    socket.connectToServer();
    current = socket;
  });
  return {
    async cut() {
      blocked = true;
      await current?.close();
    },
    allow() {
      blocked = false;
    },
  };
}

test('reconnecting asks only for what changed since, and shows it', async ({
  page,
  context,
  account,
}) => {
  await account.api.createNote('Kept');
  const edited = await account.api.createNote('Edited elsewhere');
  const deleted = await account.api.createNote('Deleted elsewhere');
  const socket = await controlSocket(page);
  await openLoggedIn(page, account);
  await expect(notesNav(page).getByRole('link')).toHaveText([
    'Deleted elsewhere',
    'Edited elsewhere',
    'Kept',
  ]);

  // This device loses its connection; another device of the account goes on meanwhile.
  await socket.cut();
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: /^Offline — / })).toBeVisible();
  const asked = listRequests(page);
  await account.api.updateNote({ ...edited, body: 'Edited elsewhere, while away' });
  await account.api.deleteNote(deleted.id);
  await account.api.createNote('Made while away');

  socket.allow();
  await context.setOffline(false);
  await expect(notesNav(page).getByRole('link')).toHaveText([
    'Made while away',
    'Edited elsewhere, while away',
    'Kept',
  ]);
  expect(asked.length).toBeGreaterThan(0);
  for (const query of asked) expect(query).toMatch(/^\?since=./);
});

test('a reload while nothing changed is answered 304 and shows the notes kept', async ({
  page,
  account,
}) => {
  await account.api.createNote('Second');
  await account.api.createNote('First');
  await openLoggedIn(page, account);
  await expect(notesNav(page).getByRole('link')).toHaveText(['First', 'Second']);

  const statuses: number[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/notes' && url.search === '') statuses.push(response.status());
  });
  // The device's copy and its mark are written after the list arrives; wait until they are.
  await expect.poll(() => storedEtag(page)).toBeTruthy();
  await page.reload();
  await expect(notesNav(page).getByRole('link')).toHaveText(['First', 'Second']);
  await expect.poll(() => statuses).toEqual([304]);
});

/** The etag this device keeps for its account's notes, read straight from IndexedDB. */
function storedEtag(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const request = indexedDB.open('quire-offline');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const database = request.result;
          if (!database.objectStoreNames.contains('lists')) return resolve(null);
          const all = database.transaction('lists').objectStore('lists').getAll();
          all.onsuccess = () => resolve((all.result[0] as { etag?: string })?.etag ?? null);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}
