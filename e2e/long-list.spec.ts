import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';

const COUNT = 10_000;

test('a list of 10,000 notes renders only what is visible and stays keyboard-reachable', async ({
  page,
  account,
}) => {
  // The client is what is measured here, so the list comes from a canned answer.
  const results = Array.from({ length: COUNT }, (_, index) => ({
    id: `note-${index}`,
    body: `Note number ${index + 1}\npreview of note ${index + 1}`,
    timeCreated: 1_700_000_000,
    timeLastModified: 1_700_000_000 + COUNT - index,
    revision: 1,
  }));
  await page.route('**/api/notes', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { results } }) : route.fallback(),
  );
  await openLoggedIn(page, account);
  const nav = page.getByRole('navigation', { name: 'Notes' });
  await expect(nav.getByRole('link').first()).toContainText('Note number 1');
  expect(await nav.getByRole('link').count()).toBeLessThan(60);
  await expect(nav.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(COUNT));

  await nav.getByRole('link').first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('link', { name: /^Note number 2, / })).toBeFocused();
  await page.keyboard.press('End');
  const last = nav.getByRole('link', { name: new RegExp(`^Note number ${COUNT}, `) });
  await expect(last).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(last).toHaveAttribute('aria-current', 'true');
  await expect
    .poll(() => editorText(page.getByRole('textbox', { name: 'Note text' })))
    .toBe(`Note number ${COUNT}\npreview of note ${COUNT}`);
  await nav.getByRole('link', { name: new RegExp(`^Note number ${COUNT}, `) }).focus();
  await page.keyboard.press('Home');
  await expect(nav.getByRole('link', { name: /^Note number 1, / })).toBeFocused();
});
