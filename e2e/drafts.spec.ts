import type { WebSocketRoute } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import {
  createAccount,
  expect,
  logInToken,
  openLoggedIn,
  storeToken,
  test,
} from './support/fixtures.js';
import { editor, holdSaves, notesNav, pageToken, saveStatus } from './support/notes-page.js';
import { keptUnsentTexts } from './support/offline-page.js';
import { removeDataDir, startQuireServer } from './support/quire-server.js';

test.describe('Unsaved text survives', () => {
  test('a non-ok note list keeps the list and the text being saved (path c)', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Listed');
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket('**/socket', (socket) => {
      sockets.push(socket);
      socket.connectToServer();
    });
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Listed' }).click();

    // Saves fail for now, and so does every note list from here on (a restart, say), whole or
    // `since=` a cursor.
    let failSaves = true;
    let listsRefused = 0;
    await page.route(/\/api\/notes(\?.*)?$/, async (route) => {
      const method = route.request().method();
      if (method === 'PUT' && failSaves) return route.fulfill({ status: 503, json: {} });
      if (method === 'GET') {
        listsRefused += 1;
        return route.fulfill({ status: 502, body: 'Bad gateway' });
      }
      return route.fallback();
    });
    await editor(page).press('ControlOrMeta+End');
    await editor(page).pressSequentially(' and kept');
    await expect(saveStatus(page, 'Offline — retrying')).toBeVisible();
    // The live connection drops and comes back: the client asks for the list again.
    await sockets.at(-1)!.close();
    await expect.poll(() => listsRefused).toBeGreaterThan(0);

    await expect(notesNav(page).getByRole('link')).toHaveText(['Listed and kept']);
    failSaves = false;
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe('Listed and kept');
    await expect(notesNav(page).getByRole('link')).toHaveText(['Listed and kept']);
    await expect(page.getByText('deleted elsewhere')).toHaveCount(0);
  });

  test('a session that ends keeps the text, saved after logging in again (path d)', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Session');
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Session' }).click();
    await page.route('**/api/notes', async (route) => {
      if (route.request().method() === 'PUT') return route.fulfill({ status: 503, json: {} });
      return route.fallback();
    });
    await editor(page).press('ControlOrMeta+End');
    await editor(page).pressSequentially(' outlived');
    await expect(saveStatus(page, 'Offline — retrying')).toBeVisible();

    // The session is revoked elsewhere (a log-out on another device, a password change).
    const token = await pageToken(page);
    await fetch(new URL('/api/logout', account.api.baseUrl), {
      method: 'POST',
      headers: { token },
    });
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.unrouteAll();

    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe('Session outlived');
    await expect(notesNav(page).getByRole('link')).toHaveText(['Session outlived']);
  });

  test('a closed tab keeps the text, saved when the app opens again (path e)', async ({
    page,
    context,
    account,
  }) => {
    const note = await account.api.createNote('Closing');
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Closing' }).click();
    // Saves never get an answer before the tab goes.
    await page.route('**/api/notes', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      await new Promise(() => {});
    });
    await editor(page).press('ControlOrMeta+End');
    await editor(page).pressSequentially(' before closing');
    await expect(saveStatus(page, 'Saving…')).toBeVisible();
    // Without the leave prompt (see saving.spec), what is written to the device is what survives.
    await expect.poll(() => keptUnsentTexts(page)).toEqual(['Closing before closing']);
    await page.close();

    const again = await context.newPage();
    await again.goto('/');
    // The first save may have reached the server with its answer lost as the tab closed; the
    // kept text then merges with it (its space can come twice), and no word is lost.
    await expect
      .poll(async () => (await account.api.note(note.id))?.body)
      .toMatch(/^Closing before closing ?$/);
    await expect(notesNav(again).getByRole('link')).toHaveText([/^Closing before closing/]);
  });

  test('a second tab leaves alone the text the first one is still saving', async ({
    page,
    context,
    account,
  }) => {
    const note = await account.api.createNote('Two tabs');
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Two tabs' }).click();
    const release = await holdSaves(page);
    await editor(page).press('ControlOrMeta+End');
    await editor(page).pressSequentially(' typed in the first');

    const second = await context.newPage();
    const secondSaves: string[] = [];
    second.on('request', (request) => {
      if (request.method() === 'PUT') secondSaves.push(request.postData() ?? '');
    });
    await second.goto('/');
    await expect(notesNav(second).getByRole('link')).toHaveText(['Two tabs']);
    await editor(page).pressSequentially(', and more');
    release();
    const expected = 'Two tabs typed in the first, and more';
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe(expected);
    await expect(notesNav(second).getByRole('link')).toHaveText([expected]);
    expect(secondSaves).toEqual([]);
  });

  test('a reload while the server is down keeps the text, saved when it is back (path e)', async ({
    page,
  }) => {
    const server = await startQuireServer();
    let restarted: Awaited<ReturnType<typeof startQuireServer>> | undefined;
    try {
      const account = await createAccount(server.url);
      const note = await account.api.createNote('Offline draft');
      await storeToken(page, await logInToken(account));
      await page.goto(server.url);
      await notesNav(page).getByRole('link', { name: 'Offline draft' }).click();

      await server.stop();
      await editor(page).press('ControlOrMeta+End');
      await editor(page).pressSequentially(', typed while the server was down');
      await expect(saveStatus(page, 'Offline — retrying')).toBeVisible();
      const typed = 'Offline draft, typed while the server was down';
      await expect.poll(() => keptUnsentTexts(page)).toEqual([typed]);
      await page.reload().catch(() => undefined); // nothing answers: the page is gone

      restarted = await startQuireServer({ dataDir: server.dataDir, port: server.port });
      await page.goto(server.url);
      await expect.poll(async () => (await account.api.note(note.id))?.body).toBe(typed);
      await notesNav(page)
        .getByRole('link', { name: /Offline draft/ })
        .click();
      await expect.poll(() => editorText(editor(page))).toBe(typed);
    } finally {
      await restarted?.stop();
      await server.stop();
      await removeDataDir(server.dataDir);
    }
  });

  test('a delete elsewhere while typing keeps the note and the words (path f)', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Deleted elsewhere');
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Deleted elsewhere' }).click();
    const release = await holdSaves(page);
    await editor(page).press('ControlOrMeta+End');
    await editor(page).pressSequentially(' while typing');
    await account.api.deleteNote(note.id);
    await expect(
      page.getByText(/was deleted on another device while you were writing in it/),
    ).toBeVisible();
    release();
    await expect
      .poll(async () => (await account.api.note(note.id))?.body)
      .toBe('Deleted elsewhere while typing');
    await expect(notesNav(page).getByRole('link')).toHaveText(['Deleted elsewhere while typing']);
  });
});
