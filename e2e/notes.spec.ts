import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';

const notesNav = (page: Page) => page.getByRole('navigation', { name: 'Notes' });
const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });

/** Expected text of "Created: "/"Modified: " for Unix seconds, in the browser's zone (UTC). */
function formatUtc(seconds: number): string {
  const date = new Date(seconds * 1000);
  const day = date.toISOString().slice(0, 10);
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${day} ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

test.describe('Notes', () => {
  test('creates a note at the top, selects it and focuses the editor', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Existing note');
    await openLoggedIn(page, account);
    await expect(notesNav(page).getByRole('link')).toHaveText(['Existing note']);

    await page.getByRole('button', { name: 'New', exact: true }).click();
    const links = notesNav(page).getByRole('link');
    await expect(links).toHaveText(['New note ...', 'Existing note']);
    await expect(links.first()).toHaveAttribute('aria-current', 'true');
    await expect(links.first()).toHaveClass(/note-link--active/);
    await expect(editor(page)).toBeFocused();
    await expect.poll(() => editorText(editor(page))).toBe('');

    const notes = await account.api.listNotes();
    expect(notes).toHaveLength(2);
    expect(notes.some((note) => note.body === '')).toBe(true);
  });

  test('shows title, preview and "New note ..." as derived from the body', async ({
    page,
    account,
  }) => {
    await account.api.createNote('');
    await account.api.createNote('\n\n  \n');
    await account.api.createNote(`\n  # Trip plan\n\nday one\n\n  day two  \n${'x'.repeat(150)}`);
    await account.api.createNote(`${'T'.repeat(120)}`);
    await openLoggedIn(page, account);
    const links = notesNav(page).getByRole('link');
    await expect(links).toHaveCount(4);

    await expect(links.nth(0).locator('.note-link__title')).toHaveText('T'.repeat(100));
    await expect(links.nth(0).locator('.note-link__preview')).toHaveCount(0);
    await expect(links.nth(1).locator('.note-link__title')).toHaveText('  # Trip plan');
    const preview = `day one   day two   ${'x'.repeat(150)}`.slice(0, 100);
    await expect(links.nth(1).locator('.note-link__preview')).toHaveText(preview);
    await expect(links.nth(2)).toHaveText('New note ...');
    await expect(links.nth(3)).toHaveText('New note ...');
  });

  test('selecting replaces the editor content; typing saves and moves the note up', async ({
    page,
    account,
  }) => {
    const first = await account.api.createNote('First note\nwith a body');
    await account.api.createNote('');
    await account.api.createNote('Second note');
    await openLoggedIn(page, account);
    const links = notesNav(page).getByRole('link');

    await links.filter({ hasText: 'First note' }).click();
    await expect.poll(() => editorText(editor(page))).toBe('First note\nwith a body');
    await expect(editor(page)).toBeFocused();
    await links.filter({ hasText: 'New note ...' }).click();
    await expect.poll(() => editorText(editor(page))).toBe('');
    await links.filter({ hasText: 'Second note' }).click();
    await expect.poll(() => editorText(editor(page))).toBe('Second note');

    await links.filter({ hasText: 'First note' }).click();
    await editor(page).press('ControlOrMeta+End');
    await editor(page).pressSequentially('\nand more');
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(links.first()).toContainText('First note');
    await expect(links.first()).toContainText('with a body and more');
    await expect
      .poll(async () => (await account.api.note(first.id))?.body)
      .toBe('First note\nwith a body\nand more');
  });

  test('Info shows created and modified times, words and characters on focus', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Dated note');
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Dated note' }).click();

    const info = page.getByRole('button', { name: 'Info' });
    await expect(page.getByRole('tooltip')).toBeHidden();
    await info.focus();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(`Created: ${formatUtc(note.timeCreated)}`);
    await expect(tooltip).toContainText(`Modified: ${formatUtc(note.timeLastModified)}`);
    await expect(tooltip).toHaveText(
      /^Created: \d{4}-\d{2}-\d{2} \d{1,2}:\d{2} [AP]MModified: \d{4}-\d{2}-\d{2} \d{1,2}:\d{2} [AP]M2 words · 10 characters$/,
    );
    await expect(info).toHaveAccessibleDescription(
      /Created: .* Modified: .* 2 words · 10 characters/,
    );
    // The counts follow the typing.
    await editor(page).press('ControlOrMeta+End');
    await page.keyboard.type(' and café');
    await info.focus();
    await expect(tooltip).toContainText('4 words · 19 characters');
    await info.press('Escape');
    await expect(tooltip).toBeHidden();
    expect(new URL(page.url()).hash).toBe('');
  });

  test('Delete asks "Are you sure?"; cancel keeps the note, confirm deletes it', async ({
    page,
    account,
  }) => {
    const doomed = await account.api.createNote('Doomed note');
    await account.api.createNote('Survivor');
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Doomed note' }).click();

    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => messages).toEqual(['Are you sure?']);
    await expect(notesNav(page).getByRole('link', { name: 'Doomed note' })).toBeVisible();
    expect(await account.api.note(doomed.id)).toBeDefined();

    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(notesNav(page).getByRole('link')).toHaveText(['Survivor']);
    await expect(page.getByText('Select a note or create a new one')).toBeVisible();
    expect(messages).toEqual(['Are you sure?', 'Are you sure?']);
    await expect.poll(() => account.api.note(doomed.id)).toBeUndefined();
  });

  test('a failed create shows a short message, and the new note reaches the server later', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Still here');
    await openLoggedIn(page, account);
    await expect(notesNav(page).getByRole('link')).toHaveText(['Still here']);
    await page.route('**/api/notes', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { error: 'boom' } })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await expect(page.getByText('The server could not store the new note yet.')).toBeVisible();
    await expect(notesNav(page).getByRole('link')).toHaveText(['New note ...', 'Still here']);
    await page.unroute('**/api/notes');
    await editor(page).pressSequentially('Made anyway');
    await expect
      .poll(async () => (await account.api.listNotes()).map((note) => note.body))
      .toEqual(['Made anyway', 'Still here']);
  });
});
