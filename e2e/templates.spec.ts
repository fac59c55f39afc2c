import type { Page } from '@playwright/test';
import { openAccount } from './support/account-page.js';
import { editorText } from './support/editor-text.js';
import { createAccount, expect, openLoggedIn } from './support/fixtures.js';
import { editor, notesNav } from './support/notes-page.js';
import { cachedNoteCount, serviceWorkerActive } from './support/offline-page.js';
import { restart, testWithOwnServer as test } from './support/own-server.js';

/** A phone shows the list or the note: back to the list, where New and Menu are. */
async function backToList(page: Page): Promise<void> {
  const back = page.getByRole('button', { name: 'Back', exact: true });
  if (await back.isVisible()) await back.click();
}

/** Today as the browser's clock gives it (the tests run in UTC). */
const today = () => new Date().toISOString().slice(0, 10);

test('a template starts a note from the quick switcher and from the arrow beside New', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const account = await createAccount(server.url);
  await account.api.createNote('# {{title}}\n#template/meeting\nOn {{date}}\nAttendees: ');
  await account.api.createNote('Groceries');
  await openLoggedIn(page, account);
  await expect(notesNav(page).getByRole('link')).toHaveCount(2);

  await page.keyboard.press('Control+p');
  const switcher = page.getByRole('dialog', { name: 'Open a note' });
  await page.keyboard.type('Standup');
  await expect(switcher.getByRole('option', { selected: false }).last()).toHaveText(
    'New “Standup” from template: meeting',
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(switcher.getByRole('option', { selected: true })).toHaveText(
    'New “Standup” from template: meeting',
  );
  await page.keyboard.press('Enter');
  // The template filled in, without its tag; typing goes on at its end.
  await expect.poll(() => editorText(editor(page))).toBe(`# Standup\nOn ${today()}\nAttendees: `);
  await page.keyboard.type('Ann, Bo');
  await expect
    .poll(async () => (await account.api.listNotes()).map((note) => note.body))
    .toContain(`# Standup\nOn ${today()}\nAttendees: Ann, Bo`);

  // From the arrow beside New, with no title yet: the cursor waits where the title goes.
  await backToList(page);
  await page.getByRole('button', { name: 'More ways to start a note' }).click();
  const menu = page.getByRole('menu', { name: 'Start a note' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Today’s note', 'From template: meeting']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect.poll(() => editorText(editor(page))).toBe(`# \nOn ${today()}\nAttendees: `);
  await page.keyboard.type('Retro');
  await expect.poll(() => editorText(editor(page))).toBe(`# Retro\nOn ${today()}\nAttendees: `);
});

test('today’s note opens or is made, from its template, offline too', async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(120_000);
  const account = await createAccount(server.url);
  await account.api.createNote('#template/daily\n## Plan\n- ');
  await openLoggedIn(page, account);
  await expect(notesNav(page).getByRole('link')).toHaveCount(1);

  // Account: the title's form and the template, kept on this device.
  await openAccount(page);
  const section = page.getByRole('region', { name: 'Today’s note' });
  await section.getByRole('combobox', { name: /^Template/ }).selectOption({ label: 'daily' });
  await page.getByRole('button', { name: 'Notes', exact: true }).click();

  await page.keyboard.press('Alt+Shift+T');
  await expect.poll(() => editorText(editor(page))).toBe(`# ${today()}\n\n## Plan\n- `);
  await page.keyboard.type('Write the report');
  await expect
    .poll(async () => (await account.api.listNotes()).map((note) => note.body))
    .toContain(`# ${today()}\n\n## Plan\n- Write the report`);

  // Asked again from another note, it opens the same note rather than a second one.
  await page.keyboard.press('Control+p');
  await page.keyboard.type('template/daily');
  await page.keyboard.press('Enter');
  await expect.poll(() => editorText(editor(page))).toBe('#template/daily\n## Plan\n- ');
  await page.keyboard.press('Alt+Shift+T');
  await expect
    .poll(() => editorText(editor(page)))
    .toBe(`# ${today()}\n\n## Plan\n- Write the report`);
  expect(await account.api.listNotes()).toHaveLength(2);

  // Offline, with another form of title: the note is made here and sent once back online.
  await backToList(page);
  await openAccount(page);
  const weekday = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(),
  );
  await section.getByRole('combobox', { name: /^Title/ }).selectOption({ label: weekday });
  await page.getByRole('button', { name: 'Notes', exact: true }).click();
  await serviceWorkerActive(page);
  await expect.poll(() => cachedNoteCount(page)).toBe(2);
  await server.stop();
  await context.setOffline(true);
  await page.keyboard.press('Alt+Shift+T');
  await expect.poll(() => editorText(editor(page))).toBe(`# ${weekday}\n\n## Plan\n- `);
  const restarted = await restart(server);
  try {
    await context.setOffline(false);
    await expect
      .poll(async () => (await account.api.listNotes()).map((note) => note.body))
      .toContain(`# ${weekday}\n\n## Plan\n- `);
  } finally {
    await restarted.stop();
  }
});
