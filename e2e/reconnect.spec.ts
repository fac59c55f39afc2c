import { test as base, type Page } from '@playwright/test';
import { editorText } from './support/editor-text.js';
import { createAccount, expect, logInToken, storeToken } from './support/fixtures.js';
import { type QuireServer, removeDataDir, startQuireServer } from './support/quire-server.js';

const notesNav = (page: Page) => page.getByRole('navigation', { name: 'Notes' });
const editor = (page: Page) => page.getByRole('textbox', { name: 'Note text' });

// This spec restarts its server, so it runs its own instead of the shared one.
const test = base.extend<{ server: QuireServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies here
  server: async ({}, use) => {
    const server = await startQuireServer();
    await use(server);
    await server.stop();
    await removeDataDir(server.dataDir);
  },
});

test('reconnects after a server restart, saves what was typed offline and catches up', async ({
  page,
  server,
}) => {
  const account = await createAccount(server.url);
  const note = await account.api.createNote('Before restart');
  const closes: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Live connection closed')) closes.push(message.text());
  });
  await storeToken(page, await logInToken(account));
  await page.goto(server.url);
  await notesNav(page).getByRole('link', { name: 'Before restart' }).click();

  await server.stop();
  await expect.poll(() => closes.length).toBeGreaterThan(0);

  await editor(page).press('ControlOrMeta+End');
  await editor(page).pressSequentially(', typed offline');
  await expect(page.getByRole('status').filter({ hasText: 'Offline — retrying' })).toBeVisible();
  await expect.poll(() => editorText(editor(page))).toBe('Before restart, typed offline');

  const restarted = await startQuireServer({ dataDir: server.dataDir, port: server.port });
  try {
    await expect
      .poll(async () => (await account.api.note(note.id))?.body)
      .toBe('Before restart, typed offline');
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    // Changes from elsewhere arrive again, live or through the refetch after reconnecting.
    await account.api.createNote('Made after restart');
    await expect(notesNav(page).getByRole('link')).toHaveText([
      'Made after restart',
      'Before restart, typed offline',
    ]);
    await expect.poll(() => editorText(editor(page))).toBe('Before restart, typed offline');
  } finally {
    await restarted.stop();
  }
});
