import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';

const notesNav = (page: Page) => page.getByRole('navigation', { name: 'Notes' });
const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });

// Runs at 390×844 only (see playwright.config.ts).
test.describe('Layout by screen width (breakpoint min-width: 680px)', () => {
  test('narrow: only the list, then only the note, and Back returns', async ({ page, account }) => {
    await account.api.createNote('Beta');
    await account.api.createNote('Alpha\nfirst line');
    await openLoggedIn(page, account);
    expect(await page.evaluate(() => matchMedia('(min-width: 680px)').matches)).toBe(false);
    await expect(notesNav(page)).toBeVisible();
    await expect(page.getByRole('main')).toBeHidden();

    await notesNav(page).getByRole('link', { name: /Alpha/ }).click();
    await expect(notesNav(page)).toBeHidden();
    await expect(editor(page)).toBeVisible();
    await expect.poll(() => editorText(editor(page))).toBe('Alpha\nfirst line');
    await expect(editor(page)).toBeFocused();
    await expect(page.getByRole('button', { name: 'Info' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(notesNav(page)).toBeVisible();
    await expect(editor(page)).toBeHidden();
    await expect(notesNav(page).getByRole('link', { name: /Alpha/ })).not.toHaveAttribute(
      'aria-current',
    );

    // New opens the new note straight away.
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await expect(editor(page)).toBeVisible();
    await expect.poll(() => editorText(editor(page))).toBe('');
    await page.getByRole('button', { name: 'Back' }).click();
    // Left empty, it is not kept.
    await expect(notesNav(page).getByRole('link')).toHaveText([/Alpha/, 'Beta']);
  });

  test('a deleted note on a narrow screen returns to the list', async ({ page, account }) => {
    await account.api.createNote('Gone soon');
    await openLoggedIn(page, account);
    await notesNav(page).getByRole('link', { name: 'Gone soon' }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(notesNav(page)).toBeVisible();
    await expect(page.getByText('No notes yet')).toBeVisible();
  });
});
