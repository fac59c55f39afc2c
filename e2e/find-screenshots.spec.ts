import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from './support/fixtures.js';

// Pictures of search, tags, the quick switcher, the shortcuts and the preview, for a human to
// look at, beside the main screenshots.
const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

const NOTES = [
  'Garden plan #home\nRaised beds along the fence, herbs by the kitchen door.',
  'Weekly review #work\n- [x] ship the release\n- [ ] plan the garden party',
  'Recipe: lentil soup #home\n\n| Item | Amount |\n| --- | --- |\n| red lentils | 200 g |\n| carrots | 2 |\n\nSimmer **20 minutes**, then add [lemon](https://example.org/lemon).\n\n```\nsalt to taste\n```\n\n![a photo](https://images.example.com/soup.jpg)',
];

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(folder, `${test.info().project.name}-${name}.png`) });
}

test.describe('find screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`search, tags, switcher, shortcuts, preview (${scheme})`, async ({ page, account }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      for (const body of NOTES) await account.api.createNote(body);
      await openLoggedIn(page, account);
      const nav = page.getByRole('navigation', { name: 'Notes' });
      await expect(nav.getByRole('link')).toHaveCount(NOTES.length);

      await page.getByRole('searchbox', { name: 'Search notes' }).fill('garden');
      await expect(nav.getByRole('link')).toHaveCount(2);
      await shoot(page, `${scheme}-find-1-search`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Tags' })).toBeVisible();
      await shoot(page, `${scheme}-find-2-tags`);
      await page.getByRole('button', { name: /#home/ }).click();
      await expect(nav.getByRole('link')).toHaveCount(2);
      await shoot(page, `${scheme}-find-3-tag-filter`);

      await page.keyboard.press('Control+p');
      await page.keyboard.type('rls');
      await expect(page.getByRole('listbox', { name: 'Notes' }).getByRole('option')).toHaveCount(1);
      await shoot(page, `${scheme}-find-4-switcher`);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Open a note' })).toBeHidden();

      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByRole('article', { name: 'Preview' }).getByRole('table')).toBeVisible();
      await shoot(page, `${scheme}-find-5-preview`);

      await page.getByRole('article', { name: 'Preview' }).click();
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await shoot(page, `${scheme}-find-6-shortcuts`);
    });
  }
});
