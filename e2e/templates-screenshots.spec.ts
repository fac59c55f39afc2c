import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openAccount } from './support/account-page.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';

// Pictures of the ways to start a note (the arrow beside New, the quick switcher, Account's
// Today's note), for a human to look at.
const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(folder, `${test.info().project.name}-${name}.png`) });
}

test.describe('templates screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the arrow beside New, the switcher, Account (${scheme})`, async ({ page, account }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await account.api.createNote('# {{title}}\n#template/meeting\nOn {{date}}\nAttendees: ');
      await account.api.createNote('## Plan\n#template/daily\n- ');
      await account.api.createNote('Groceries\nMilk, eggs');
      await openLoggedIn(page, account);
      await page.getByRole('button', { name: 'More ways to start a note' }).click();
      await expect(page.getByRole('menu', { name: 'Start a note' })).toBeVisible();
      await shoot(page, `${scheme}-templates-1-menu`);
      await page.keyboard.press('Escape');

      await page.keyboard.press('Control+p');
      await page.keyboard.type('Standup');
      await expect(page.getByRole('listbox', { name: 'Start a note' })).toBeVisible();
      await shoot(page, `${scheme}-templates-2-switcher`);
      await page.keyboard.press('Escape');

      await openAccount(page);
      const section = page.getByRole('region', { name: 'Today’s note' });
      await section.scrollIntoViewIfNeeded();
      await shoot(page, `${scheme}-templates-3-account`);
    });
  }
});
