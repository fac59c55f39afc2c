import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createAccount, expect, openLoggedIn } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';
import { cachedNoteCount, serviceWorkerActive } from './support/offline-page.js';
import { testWithOwnServer as test } from './support/own-server.js';

// Pictures for a human to look at, beside the other screenshots.
const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

async function shoot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: join(folder, `${project}-${name}.png`) });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`offline indicator (${scheme})`, async ({ page, context, server }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const account = await createAccount(server.url);
    await account.api.createNote('Weekly plan\n- Monday: dentist at 9');
    await account.api.createNote('Reading list\nPiranesi');
    await openLoggedIn(page, account);
    await serviceWorkerActive(page);
    await expect.poll(() => cachedNoteCount(page)).toBe(2);

    await server.stop();
    await context.setOffline(true);
    await page.reload();
    const narrow = test.info().project.name === 'narrow';
    await page.getByRole('button', { name: 'New' }).click();
    await page.keyboard.type('Packing list');
    if (narrow) await page.getByRole('button', { name: 'Back' }).click();
    await notesNav(page)
      .getByRole('link', { name: /Reading list/ })
      .click();
    await editor(page).press('ControlOrMeta+End');
    await editor(page).pressSequentially('\nThe Left Hand of Darkness');
    // On a phone the open note says it too, where the list is hidden.
    await expect(page.getByRole('status').filter({ hasText: 'changes waiting' })).toHaveText(
      'Offline — 2 changes waiting',
    );
    await shoot(page, `${scheme}-offline-note`);
    if (narrow) await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'changes waiting' })).toHaveText(
      'Offline — 2 changes waiting',
    );
    await shoot(page, `${scheme}-offline`);
  });
}
