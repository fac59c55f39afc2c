import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from './support/fixtures.js';

const notesNav = (page: Page) => page.getByRole('navigation', { name: 'Notes' });
const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });

// Runs at 1280×800; the narrow-screen flow is in layout.narrow.spec.ts.
test.describe('Layout by screen width (breakpoint min-width: 680px)', () => {
  test('wide: list and detail side by side, no Back button', async ({ page, account }) => {
    await account.api.createNote('Alpha');
    await openLoggedIn(page, account);
    expect(await page.evaluate(() => matchMedia('(min-width: 680px)').matches)).toBe(true);
    await expect(notesNav(page)).toBeVisible();
    await expect(page.getByText('Select a note or create a new one')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);

    await notesNav(page).getByRole('link', { name: 'Alpha' }).click();
    await expect(notesNav(page)).toBeVisible();
    await expect(editor(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Info' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  });
});
