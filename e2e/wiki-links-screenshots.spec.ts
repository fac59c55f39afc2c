import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from './support/fixtures.js';
import { abortOffsiteRequests } from './support/offsite-guard.js';

// Pictures of links between notes, found and missing, in the editor (with the `[[` list of
// titles open), in the preview, and the "Linked from" panel, for a human to look at.
const folder = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

const NOTE = [
  'Trip to Lisbon',
  '',
  'Plan in [[Lisbon itinerary]], money in [[Budget|the budget]].',
  'Day two is in [[Lisbon itinerary#Day 2]].',
  'Still to write: [[Packing list]] and [[Restaurants to try]].',
  'Not a link: `[[in code]]`',
  '',
].join('\n');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(folder, `${test.info().project.name}-${name}.png`) });
}

test.describe('wiki link screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`links found and missing, the [[ list, the preview (${scheme})`, async ({
      page,
      context,
      account,
    }) => {
      await abortOffsiteRequests(context);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await account.api.createNote('# Budget\nflights, rooms');
      await account.api.createNote('# Lisbon itinerary\n## Day 1\n## Day 2');
      await account.api.createNote('Lisbon photos\nmore for the lisbon itinerary');
      await account.api.createNote(NOTE);
      await openLoggedIn(page, account);
      await page
        .getByRole('navigation', { name: 'Notes' })
        .getByRole('link', { name: /^Trip to Lisbon/ })
        .click();
      const content = page.locator('.markdown-editor .cm-content');
      await expect(content).toBeFocused();
      await expect(content.locator('.cm-wiki-link')).toHaveCount(5);
      await expect(content.locator('.cm-wiki-link-unresolved')).toHaveCount(2);
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type('See also [[lis');
      await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(3);
      await shoot(page, `${scheme}-wiki-links-1-editor`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByRole('article', { name: 'Preview' }).getByRole('link')).toHaveCount(5);
      await shoot(page, `${scheme}-wiki-links-2-preview`);

      // Followed to the itinerary, its "Linked from": open from the start when wide, a toggle when narrow.
      await page.getByRole('button', { name: 'Preview' }).click();
      await content
        .locator('.cm-wiki-link', { hasText: /^\[\[Lisbon itinerary\]\]$/ })
        .click({ modifiers: ['ControlOrMeta'] });
      await expect(content).toContainText('Day 1');
      const panel = page.getByRole('region', { name: 'Links to this note' });
      const toggle = panel.getByRole('button', { name: /^Linked from/ });
      const wide = test.info().project.name === 'wide';
      await expect(toggle).toHaveAttribute('aria-expanded', wide ? 'true' : 'false');
      if (!wide) await toggle.click();
      await expect(
        panel.getByRole('list', { name: 'Linked from' }).getByRole('button'),
      ).toHaveCount(1);
      await panel.getByRole('button', { name: /^Unlinked mentions/ }).click();
      await expect(panel.getByRole('list', { name: 'Unlinked mentions' })).toBeVisible();
      await shoot(page, `${scheme}-wiki-links-3-linked-from`);
    });
  }
});
