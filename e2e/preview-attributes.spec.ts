import type { Page } from '@playwright/test';
import { expect, openLoggedIn, test } from './support/fixtures.js';

// Markup a note may carry that would reach into Quire's page: its classes and ids, a popover
// that hides the text, data and ARIA attributes. Task lists, links and text direction stay.
const NOTE = `Borrowed attributes

<p class="detail-pane" id="note-editor" popover>Hidden by a popover if it were kept</p>

<div data-action="delete" aria-hidden="true" name="token" dir="rtl">שלום, right to left</div>

<button popovertarget="note-editor" class="primary">Open</button>

- [x] done task
- [ ] open task

[a link](https://example.org/page)
`;

const preview = (page: Page) => page.getByRole('article', { name: 'Preview' });

test('the preview keeps only a short list of attributes from a note', async ({
  page,
  account,
}, testInfo) => {
  await account.api.createNote(NOTE);
  await openLoggedIn(page, account);
  await page.getByRole('navigation', { name: 'Notes' }).getByRole('link').first().click();
  await expect(page.locator('.markdown-editor .cm-content')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();

  // The popover attribute is gone, so its text shows like any other.
  await expect(preview(page).getByText('Hidden by a popover if it were kept')).toBeVisible();
  await expect(preview(page).getByText('right to left')).toHaveAttribute('dir', 'rtl');
  await expect(preview(page).getByRole('checkbox')).toHaveCount(2);
  await expect(preview(page).getByRole('checkbox').first()).toBeChecked();
  const link = preview(page).getByRole('link', { name: 'a link' });
  await expect(link).toHaveAttribute('href', 'https://example.org/page');
  await expect(link).toHaveAttribute('target', '_blank');

  // A task box's label is Quire's own (a larger target to tap): the only class in the preview.
  const html = (await preview(page).innerHTML()).replaceAll(' class="note-preview__task-hit"', '');
  expect(html).not.toMatch(/\s(id|class|popover|popovertarget|name|data-action|aria-hidden)=/);
  // Quire's own elements are still the only ones with their ids and classes.
  await expect(page.locator('#note-editor')).toHaveCount(0);
  await expect(preview(page).locator('.detail-pane, .primary')).toHaveCount(0);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(preview(page).getByText('right to left')).toBeVisible();
      const name = `preview-attributes-${testInfo.project.name}-${width}-${colorScheme}`;
      await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
    }
  }
});
