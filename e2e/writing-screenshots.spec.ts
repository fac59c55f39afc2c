import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { abortOffsiteRequests } from './support/offsite-guard.js';

// Pictures of the writing tools in the editor (lists, links, tags, task boxes, find and
// replace) and of the preview's task boxes, for a human to look at, at both widths.
const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

const NOTE = [
  'Trip to Lisbon #travel',
  '',
  '- [x] book the flights',
  '- [ ] find a place to stay',
  '  - [ ] near the river',
  '1. pack',
  '   1. passport',
  '',
  'Tram 28 timetable: https://example.org/tram-28 and the [museum](https://example.org/museum).',
  'Pastéis de nata at the bakery, #food for later.',
].join('\n');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(folder, `${test.info().project.name}-${name}.png`) });
}

test.describe('writing screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`lists, links, tags, task boxes, find (${scheme})`, async ({ page, context, account }) => {
      await abortOffsiteRequests(context);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await account.api.createNote(NOTE);
      await openLoggedIn(page, account);
      await page.getByRole('navigation', { name: 'Notes' }).getByRole('link').first().click();
      const content = page.locator('.markdown-editor .cm-content');
      await expect(content).toBeFocused();
      await shoot(page, `${scheme}-writing-1-editor`);

      await page.keyboard.press('ControlOrMeta+f');
      await page.keyboard.type('the');
      await page.keyboard.press('Enter');
      await expect(page.locator('.cm-searchMatch-selected')).toHaveCount(1);
      await shoot(page, `${scheme}-writing-2-find`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(
        page.getByRole('article', { name: 'Preview' }).getByRole('checkbox').first(),
      ).toBeEnabled();
      await shoot(page, `${scheme}-writing-3-preview`);
      await page.keyboard.press('Alt+Shift+E');

      if ((page.viewportSize()?.width ?? 0) < 680) {
        await page.getByRole('button', { name: 'Back' }).click();
      }
      await page.getByRole('searchbox', { name: 'Search notes' }).click();
      await page.keyboard.type('river');
      await expect(page.getByRole('navigation', { name: 'Notes' }).getByRole('link')).toHaveCount(
        1,
      );
      await page.getByRole('navigation', { name: 'Notes' }).getByRole('link').click();
      await expect(content.locator('.cm-search-result')).toHaveCount(1);
      await shoot(page, `${scheme}-writing-4-search-result`);
    });
  }
});
