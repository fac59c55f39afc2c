import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { createAccount, expect, logInToken, openLoggedIn, storeToken } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';
import { cachedNoteCount, confirmNextDialog, serviceWorkerActive } from './support/offline-page.js';
import { restart, testWithOwnServer as test } from './support/own-server.js';

const offlineStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^Offline — .*(waiting|sent)$/ });

test('offline: a reload shows the notes; edits and deletes made offline reach the server and a second window', async ({
  page,
  context,
  browser,
  server,
}) => {
  const account = await createAccount(server.url);
  const third = await account.api.createNote('Third');
  await account.api.createNote('Second');
  await account.api.createNote('First');
  await openLoggedIn(page, account);
  await expect(notesNav(page).getByRole('link')).toHaveText(['First', 'Second', 'Third']);
  await serviceWorkerActive(page);
  await expect.poll(() => cachedNoteCount(page)).toBe(3);

  // The connection goes: the server stops and the device is offline.
  await server.stop();
  await context.setOffline(true);
  await page.reload();
  await expect(notesNav(page).getByRole('link')).toHaveText(['First', 'Second', 'Third']);
  await expect(offlineStatus(page)).toHaveText('Offline — nothing waiting to be sent');

  // Search answers from the titles on the device.
  await page.getByRole('searchbox', { name: 'Search notes' }).fill('seco');
  await expect(notesNav(page).getByRole('link')).toHaveText(['Second']);
  await page.getByRole('searchbox', { name: 'Search notes' }).fill('');
  await expect(notesNav(page).getByRole('link')).toHaveText(['First', 'Second', 'Third']);

  await notesNav(page).getByRole('link', { name: 'First' }).click();
  await editor(page).press('ControlOrMeta+End');
  await editor(page).pressSequentially(' edited offline');
  await notesNav(page).getByRole('link', { name: 'Third' }).click();
  confirmNextDialog(page);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(notesNav(page).getByRole('link')).toHaveText(['First edited offline', 'Second']);
  await expect(offlineStatus(page)).toHaveText('Offline — 2 changes waiting');

  // Back online; another window of the same account is open and receives it all live.
  const restarted = await restart(server);
  const other = await browser.newContext({ baseURL: server.url });
  try {
    const otherPage = await other.newPage();
    await storeToken(otherPage, await logInToken(account));
    await otherPage.goto('/');
    await expect(notesNav(otherPage).getByRole('link')).toHaveText(['First', 'Second', 'Third']);

    await context.setOffline(false);
    await expect(notesNav(otherPage).getByRole('link')).toHaveText([
      'First edited offline',
      'Second',
    ]);
    await expect(offlineStatus(page)).toHaveCount(0);
    const bodies = (await account.api.listNotes()).map((note) => note.body);
    expect(bodies).toEqual(['First edited offline', 'Second']);
    expect(await account.api.note(third.id)).toBeUndefined();
    await notesNav(page).getByRole('link', { name: 'First edited offline' }).click();
    await expect.poll(() => editorText(editor(page))).toBe('First edited offline');
  } finally {
    await other.close();
    await restarted.stop();
  }
});

test('offline: a note created offline is created once when the server is back', async ({
  page,
  context,
  server,
}) => {
  const account = await createAccount(server.url);
  for (const note of await account.api.listNotes()) await account.api.deleteNote(note.id);
  await account.api.createNote('Existing');
  await openLoggedIn(page, account);
  await expect(notesNav(page).getByRole('link')).toHaveText(['Existing']);
  await serviceWorkerActive(page);
  await expect.poll(() => cachedNoteCount(page)).toBe(1);

  await server.stop();
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'New' }).click();
  await editor(page).pressSequentially('Made offline');
  await expect(notesNav(page).getByRole('link')).toHaveText(['Made offline', 'Existing']);
  await expect(offlineStatus(page)).toHaveText('Offline — 1 change waiting');

  const restarted = await restart(server);
  try {
    await context.setOffline(false);
    await expect(offlineStatus(page)).toHaveCount(0);
    await expect
      .poll(async () => (await account.api.listNotes()).map((note) => note.body))
      .toEqual(['Made offline', 'Existing']);
    await expect(notesNav(page).getByRole('link')).toHaveText(['Made offline', 'Existing']);
  } finally {
    await restarted.stop();
  }
});

test('offline: Undo of a delete takes it back on the device, and nothing of it reaches the server', async ({
  page,
  context,
  server,
}) => {
  const account = await createAccount(server.url);
  for (const note of await account.api.listNotes()) await account.api.deleteNote(note.id);
  const second = await account.api.createNote('Second');
  await account.api.createNote('First');
  await openLoggedIn(page, account);
  const links = notesNav(page).getByRole('link');
  await expect(links).toHaveText(['First', 'Second']);
  // Offline, the editor comes from the service worker's cache.
  await serviceWorkerActive(page);
  await expect.poll(() => cachedNoteCount(page)).toBe(2);

  await server.stop();
  await context.setOffline(true);
  await expect(offlineStatus(page)).toHaveText('Offline — nothing waiting to be sent');
  const toast = page.getByRole('status').filter({ hasText: 'Moved to Trash' });

  // A note the server has: its delete waits on the device, and Undo takes it back.
  await links.filter({ hasText: 'Second' }).click();
  confirmNextDialog(page);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(links).toHaveText(['First']);
  await expect(offlineStatus(page)).toHaveText('Offline — 1 change waiting');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(links).toHaveText(['First', 'Second']);
  await expect.poll(() => editorText(editor(page))).toBe('Second');
  await expect(offlineStatus(page)).toHaveText('Offline — nothing waiting to be sent');

  // A note made offline: Undo brings it back with its words, and its create still waits.
  await page.getByRole('button', { name: 'New' }).click();
  await page.keyboard.type('Made offline');
  await expect(links).toHaveText(['Made offline', 'First', 'Second']);
  confirmNextDialog(page);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(links).toHaveText(['First', 'Second']);
  const unsent = page.getByRole('status').filter({ hasText: 'Note deleted' });
  await unsent.getByRole('button', { name: 'Undo' }).click();
  await expect(links).toHaveText(['Made offline', 'First', 'Second']);
  await expect.poll(() => editorText(editor(page))).toBe('Made offline');
  await expect(offlineStatus(page)).toHaveText('Offline — 1 change waiting');

  const restarted = await restart(server);
  try {
    await context.setOffline(false);
    await expect(offlineStatus(page)).toHaveCount(0);
    await expect
      .poll(async () => (await account.api.listNotes()).map((note) => note.body))
      .toEqual(['Made offline', 'First', 'Second']);
    // Second was never deleted on the server, nor restored: its revision is the one it had.
    expect((await account.api.note(second.id))?.revision).toBe(second.revision);
    await page.reload();
    await expect(links).toHaveText(['Made offline', 'First', 'Second']);
  } finally {
    await restarted.stop();
  }
});

test('offline: a note made, written in and deleted offline reaches the trash with its words, and stays deleted', async ({
  page,
  context,
  server,
}) => {
  const account = await createAccount(server.url);
  for (const note of await account.api.listNotes()) await account.api.deleteNote(note.id);
  await account.api.createNote('Existing');
  await openLoggedIn(page, account);
  const links = notesNav(page).getByRole('link');
  await expect(links).toHaveText(['Existing']);
  await serviceWorkerActive(page);
  await expect.poll(() => cachedNoteCount(page)).toBe(1);

  await server.stop();
  await context.setOffline(true);
  await expect(offlineStatus(page)).toHaveText('Offline — nothing waiting to be sent');
  await page.getByRole('button', { name: 'New' }).click();
  await page.keyboard.type('Gift ideas\nbooks, tea');
  await expect(links).toHaveText([/^Gift ideas/, 'Existing']);
  confirmNextDialog(page);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(links).toHaveText(['Existing']);

  const restarted = await restart(server);
  try {
    await context.setOffline(false);
    await expect(offlineStatus(page)).toHaveCount(0);
    await expect
      .poll(async () => (await account.api.trash()).map((note) => note.body))
      .toEqual(['Gift ideas\nbooks, tea']);
    expect((await account.api.listNotes()).map((note) => note.body)).toEqual(['Existing']);
    await expect(links).toHaveText(['Existing']);
    await page.reload();
    await expect(links).toHaveText(['Existing']);
  } finally {
    await restarted.stop();
  }
});

test('offline: words saved a moment before a reload are in the note the reload opens', async ({
  page,
  context,
  server,
}) => {
  const account = await createAccount(server.url);
  const note = await account.api.createNote('Groceries');
  await openLoggedIn(page, account);
  await serviceWorkerActive(page);
  await notesNav(page).getByRole('link').first().click();
  await expect(editor(page)).toBeFocused();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(': eggs');
  await expect.poll(async () => (await account.api.note(note.id))?.body).toBe('Groceries: eggs');

  await context.setOffline(true);
  await page.reload(); // the address reopens the note, from the device alone
  await expect.poll(() => editorText(editor(page))).toBe('Groceries: eggs');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(', milk');
  await context.setOffline(false);
  await expect
    .poll(async () => (await account.api.note(note.id))?.body)
    .toBe('Groceries: eggs, milk');
});
