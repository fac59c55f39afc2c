import { openAccount } from './support/account-page.js';
import { makeToken, tokensSection } from './support/api-tokens-page.js';
import { expect, openLoggedIn, test } from './support/fixtures.js';

/** What a script holding the token gets from the API. */
async function script(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as unknown };
}

test('a read-only token made in Account reads notes, cannot write, and stops when revoked', async ({
  page,
  account,
  baseURL,
}) => {
  const base = baseURL as string;
  await account.api.createNote('Shopping list');
  await openLoggedIn(page, account);
  await openAccount(page);
  const section = tokensSection(page);
  await expect(section.getByText('Let scripts and other programs')).toBeVisible();

  const token = await makeToken(page, { name: 'Read-only script', password: account.password });
  await section.getByRole('button', { name: 'Done' }).click();
  // Shown once: gone from the screen, and not there when the screen is opened again.
  await expect(section.getByLabel('Your new token')).toHaveCount(0);
  await page.getByRole('button', { name: 'Notes' }).click();
  await openAccount(page);
  await expect(section.getByRole('listitem')).toHaveCount(1);
  expect(await page.content()).not.toContain(token);
  const item = section.getByRole('listitem').filter({ hasText: 'Read-only script' });
  await expect(item).toContainText('Read notes');
  await expect(item).toContainText(/Expires \d{4}-\d\d-\d\d · never used/);

  const listed = await script(base, token, 'GET', '/api/notes');
  expect(listed.status).toBe(200);
  expect(JSON.stringify(listed.json)).toContain('Shopping list');
  const write = await script(base, token, 'POST', '/api/notes', { body: 'from a script' });
  expect(write.status).toBe(403);
  expect(write.json).toMatchObject({ code: 'scope_denied' });

  // The list says it was used, once read again.
  await page.getByRole('button', { name: 'Notes' }).click();
  await openAccount(page);
  await expect(item).toContainText(/last used \d{4}-\d\d-\d\d/);

  await section.getByRole('button', { name: 'Revoke token: Read-only script' }).click();
  await expect(item).toHaveCount(0);
  expect((await script(base, token, 'GET', '/api/notes')).status).toBe(401);
  expect(await account.api.listNotes()).toHaveLength(1); // the refused write changed nothing
});

test('a wrong password makes no token', async ({ page, account }) => {
  await openLoggedIn(page, account);
  await openAccount(page);
  const section = tokensSection(page);
  await section.getByRole('button', { name: 'New token' }).click();
  await section.getByLabel('Name').fill('Nope');
  await section.getByLabel('Your password').fill('not the password');
  await section.getByRole('button', { name: 'Create token' }).click();
  await expect(
    section.getByRole('alert').filter({ hasText: 'password is not right' }),
  ).toBeVisible();
  await expect(section.getByLabel('Your new token')).toHaveCount(0);
  await expect(section.getByRole('listitem')).toHaveCount(0);
});
