import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { createAccount, expect, openLoggedIn, test } from './support/fixtures.js';
import { holdSaves } from './support/notes-page.js';

const notesNav = (page: Page) => page.getByRole('navigation', { name: 'Notes' });
const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });

test.describe('Live updates between windows', () => {
  test('updates and deletes reach the same user elsewhere, and nobody else', async ({
    page,
    browser,
    server,
    account,
  }) => {
    test.setTimeout(120_000); // three windows at once, on as few as two cores
    await account.api.createNote('Older note');
    const other = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    const second = await other.newPage();
    const stranger = await createAccount(server.url);
    const strangerContext = await browser.newContext({ baseURL: server.url });
    const strangerPage = await strangerContext.newPage();

    await openLoggedIn(page, account);
    await openLoggedIn(second, account);
    await openLoggedIn(strangerPage, stranger);
    await expect(notesNav(second).getByRole('link')).toHaveText(['Older note']);
    await expect(strangerPage.getByText('No notes yet')).toBeVisible();

    // A note created and written in the first window appears in the second, at the top.
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await editor(page).pressSequentially('Live title');
    await expect(notesNav(second).getByRole('link')).toHaveText(['Live title', 'Older note']);

    // With the note open in the second window and nothing typed there, it follows in place.
    await notesNav(second).getByRole('link', { name: 'Live title' }).click();
    await expect.poll(() => editorText(editor(second))).toBe('Live title');
    await editor(page).pressSequentially('\nmore text');
    await expect.poll(() => editorText(editor(second))).toBe('Live title\nmore text');
    await expect(notesNav(second).getByRole('link').first()).toContainText('more text');

    // A change to another note moves it to the top elsewhere.
    await notesNav(page).getByRole('link', { name: 'Older note' }).click();
    await editor(page).press('ControlOrMeta+End');
    await editor(page).pressSequentially(' edited');
    await expect(notesNav(second).getByRole('link')).toHaveText([
      'Older note edited',
      /Live title/,
    ]);

    // Deleting in the first window removes it in the second, clearing its selection there.
    page.once('dialog', (dialog) => void dialog.accept());
    await notesNav(page)
      .getByRole('link', { name: /Live title/ })
      .click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(notesNav(second).getByRole('link')).toHaveText(['Older note edited']);
    await expect(second.getByText('Select a note or create a new one')).toBeVisible();

    // The other user never saw any of it.
    await expect(strangerPage.getByText('No notes yet')).toBeVisible();
    await expect(notesNav(strangerPage).getByRole('link')).toHaveCount(0);
    expect(await stranger.api.listNotes()).toEqual([]);

    await other.close();
    await strangerContext.close();
  });

  test('a note changed on another device while typing keeps both texts', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Shared\n\nTheirs to change');
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Shared' }).click();
    // Hold this window's saves back so its edit is still unsaved when the other one lands.
    const release = await holdSaves(page);
    await editor(page).press('ControlOrMeta+Home');
    await editor(page).press('End');
    await editor(page).pressSequentially(' mine');
    await account.api.updateNote({ ...note, body: 'Shared\n\nTheirs, changed' });
    // The window keeps what was typed while the other text waits for the merge.
    await expect(notesNav(page).getByRole('link').first()).toContainText('Shared mine');
    release();
    const both = 'Shared mine\n\nTheirs, changed';
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe(both);
    await expect.poll(() => editorText(editor(page))).toBe(both);
  });
});
