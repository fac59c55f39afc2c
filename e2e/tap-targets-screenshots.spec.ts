import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openAccount } from './support/account-page.js';
import { expect, logInToken, openLoggedIn, test } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';

// Pictures for a human to look at: the larger targets on a phone, and the same screens on a
// wide one, where nothing should have moved.

const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

async function shoot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: join(folder, `${project}-${name}.png`) });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`targets in the note, the menu and Account (${scheme})`, async ({ page, account }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await account.api.createNote('Weekly plan\nMonday: dentist at 9');
    await account.api.createNote('Shopping #errands\n- [ ] Apples\n- [x] Pears\n- [ ] Bread');
    await logInToken(account);
    await openLoggedIn(page, account);
    await notesNav(page)
      .getByRole('link', { name: /^Shopping/ })
      .click();
    await expect(editor(page).getByRole('checkbox', { name: 'Pears, done' })).toBeVisible();
    await shoot(page, `${scheme}-task-note`);

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('checkbox', { name: 'Pears' })).toBeVisible();
    await shoot(page, `${scheme}-task-preview`);
    await page.getByRole('button', { name: 'Preview' }).click();

    if (test.info().project.name === 'narrow')
      await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(
      page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /#errands/ }),
    ).toBeVisible();
    await shoot(page, `${scheme}-menu-targets`);
    await page.keyboard.press('Escape');

    await openAccount(page);
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await expect(sessions.getByRole('button', { name: /^End session/ })).toHaveCount(2);
    page.once('dialog', (dialog) => void dialog.accept());
    await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(sessions.getByRole('status')).toHaveText(/^Signed out of 2 other sessions/);
    await sessions.scrollIntoViewIfNeeded();
    await shoot(page, `${scheme}-sessions-signed-out`);
  });
}
