import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { abortOffsiteRequests } from './support/offsite-guard.js';

// The notice a rename leaves once links elsewhere follow the new title, for a human to look at.
const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(folder, `${test.info().project.name}-${name}.png`) });
}

test.describe('rename screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`links updated after a rename, with Undo (${scheme})`, async ({
      page,
      context,
      account,
    }) => {
      await abortOffsiteRequests(context);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await account.api.createNote('Packing\nfor the [[Lisbon trip]]');
      await account.api.createNote('Budget\n[[Lisbon trip|Lisbon]]: flights, rooms');
      await account.api.createNote('Plans\nsee [[Lisbon trip#Day 2]]');
      await account.api.createNote('Lisbon trip\n## Day 1\n## Day 2');
      await openLoggedIn(page, account);
      await page
        .getByRole('navigation', { name: 'Notes' })
        .getByRole('link', { name: /^Lisbon trip/ })
        .click();
      await expect(page.locator('.markdown-editor .cm-content')).toBeFocused();
      await page.keyboard.press('ControlOrMeta+Home');
      await page.keyboard.press('End');
      await page.keyboard.type(' in May');
      await expect(
        page.getByRole('status').filter({ hasText: 'Updated links in 3 notes' }),
      ).toBeVisible();
      await shoot(page, `${scheme}-rename-links-notice`);
    });
  }
});
