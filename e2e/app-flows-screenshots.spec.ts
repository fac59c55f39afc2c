import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { notesNav } from './support/notes-page.js';
import { testWithOwnServer } from './support/own-server.js';

// Pictures of the flows around the editor for a human to look at, in test-results/screenshots
// unless QUIRE_SCREENSHOT_DIR names another folder.
const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

async function shoot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: join(folder, `${project}-${name}.png`) });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`note toolbar and the Undo notice (${scheme})`, async ({ page, account }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    for (const body of ['Groceries\nMilk, eggs', 'Reading list\nPiranesi']) {
      await account.api.createNote(body);
    }
    await openLoggedIn(page, account);
    await notesNav(page)
      .getByRole('link', { name: /Reading list/ })
      .click();
    await expect(page.getByRole('textbox', { name: 'Note text' })).toBeFocused();
    await shoot(page, `${scheme}-flows-1-toolbar`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    await shoot(page, `${scheme}-flows-2-undo`);
  });

  testWithOwnServer(`first run (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Welcome to Quire' })).toBeVisible();
    await shoot(page, `${scheme}-flows-3-first-run`);
  });
}
