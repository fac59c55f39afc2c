import { createAccount, expect, openLoggedIn, test } from './support/fixtures.js';
import { notesNav } from './support/notes-page.js';
import { cachedNoteCount } from './support/offline-page.js';

test('logging out removes the notes kept on the device; another account never sees them', async ({
  page,
  account,
  server,
}) => {
  await account.api.createNote('Private thought');
  await openLoggedIn(page, account);
  await expect(notesNav(page).getByRole('link')).toHaveText(['Private thought']);
  await expect.poll(() => cachedNoteCount(page)).toBe(1);

  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect.poll(() => cachedNoteCount(page)).toBe(0);

  const other = await createAccount(server.url);
  await other.api.createNote('Someone else');
  await page.getByLabel('Email address').fill(other.email);
  await page.getByLabel('Password').fill(other.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(notesNav(page).getByRole('link')).toHaveText(['Someone else']);
  await expect.poll(() => cachedNoteCount(page)).toBe(1);
});
