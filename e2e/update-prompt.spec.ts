import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { createAccount, expect, openLoggedIn } from './support/fixtures.js';
import { restart, testWithOwnServer as test } from './support/own-server.js';

// Pictures of the prompt for a human to look at, beside the other screenshots.
const pictures = process.env.QUIRE_SCREENSHOT_DIR ?? join('test-results', 'screenshots');

async function takePictures(page: Page) {
  for (const [size, viewport] of [
    ['wide', { width: 1280, height: 800 }],
    ['narrow', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: join(pictures, `${size}-${colorScheme}-update-prompt.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

const SERVED_WORKER = join(import.meta.dirname, '../dist/web/sw.js');
const notesNav = (page: Page) => page.getByRole('navigation', { name: 'Notes' });
const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });
const controlled = (page: Page) => page.evaluate(() => Boolean(navigator.serviceWorker.controller));

test('a new deployment is offered, and reloading into it keeps what was just typed', async ({
  page,
  server,
}) => {
  const account = await createAccount(server.url);
  await account.api.createNote('Draft');
  await openLoggedIn(page, account);
  // A returning visit: the installed worker serves the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  expect(await controlled(page)).toBe(true);
  await notesNav(page).getByRole('link', { name: 'Draft' }).click();
  await expect(page.getByText('A new version of Quire is available')).toHaveCount(0);

  // The next deployment: the served worker changes and the server restarts.
  const current = await readFile(SERVED_WORKER, 'utf8');
  await server.stop();
  await writeFile(SERVED_WORKER, `${current}\n// next release\n`);
  const restarted = await restart(server);
  try {
    const banner = page.getByRole('region', { name: 'Update' });
    await expect(banner).toContainText('A new version of Quire is available');
    await takePictures(page);

    await editor(page).press('ControlOrMeta+End');
    await editor(page).pressSequentially(' kept');
    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reloaded;

    await expect(page.getByRole('region', { name: 'Update' })).toHaveCount(0);
    expect(await controlled(page)).toBe(true);
    await notesNav(page).getByRole('link', { name: 'Draft kept' }).click();
    await expect.poll(() => editorText(editor(page))).toBe('Draft kept');
    await expect
      .poll(async () => (await account.api.listNotes()).map((n) => n.body))
      .toEqual(['Draft kept']);
  } finally {
    await writeFile(SERVED_WORKER, current);
    await restarted.stop();
  }
});
