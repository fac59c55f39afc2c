import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';

const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });

test.describe('Saving under a slow network', () => {
  test('the server ends with the last text typed, one update at a time', async ({
    page,
    account,
  }) => {
    const note = await account.api.createNote('Draft');
    let inFlight = 0;
    let mostInFlight = 0;
    let puts = 0;
    await page.route('**/api/notes', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      puts += 1;
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 250 + Math.random() * 250));
      try {
        await route.fallback();
      } finally {
        inFlight -= 1;
      }
    });
    await openLoggedIn(page, account);
    await page.getByRole('link', { name: 'Draft' }).click();
    await editor(page).press('ControlOrMeta+End');

    await page.keyboard.type(' — written quickly while every save takes a while');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('le, then fixed\nSecond line');
    const expected =
      'Draft — written quickly while every save takes a while, then fixed\nSecond line';

    await expect.poll(() => editorText(editor(page))).toBe(expected);
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe(expected);
    // Answers carrying older text never pulled the editor back.
    await expect.poll(() => editorText(editor(page))).toBe(expected);
    expect(mostInFlight).toBe(1);
    // Edits made while an update was on its way were merged, not sent one by one.
    expect(puts).toBeLessThan(expected.length - 'Draft'.length);
  });

  test('a failing save is retried until it goes through', async ({ page, account }) => {
    const note = await account.api.createNote('Flaky');
    let failures = 2;
    await page.route('**/api/notes', async (route) => {
      if (route.request().method() === 'PUT' && failures > 0) {
        failures -= 1;
        return route.fulfill({ status: 503, json: { error: 'try later' } });
      }
      return route.fallback();
    });
    await openLoggedIn(page, account);
    await page.getByRole('link', { name: 'Flaky' }).click();
    await editor(page).press('ControlOrMeta+End');
    await editor(page).pressSequentially(' network');
    await expect.poll(async () => (await account.api.note(note.id))?.body).toBe('Flaky network');
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    expect(failures).toBe(0); // both failures were met and retried
  });

  test('closing the tab with unsaved edits asks first', async ({ page, account }) => {
    await account.api.createNote('Unsaved');
    await page.route('**/api/notes', async (route) => {
      if (route.request().method() === 'PUT') return route.abort();
      return route.fallback();
    });
    await openLoggedIn(page, account);
    await page.getByRole('link', { name: 'Unsaved' }).click();
    await editor(page).pressSequentially('!');
    await expect(page.getByRole('status').filter({ hasText: 'Offline — retrying' })).toBeVisible();
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    // Dismissed, so the page stayed open; let it finish quietly.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });
});
