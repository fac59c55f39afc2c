import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import { codeFor, openAccount } from './support/account-page.js';
import { expect, logInToken, openLoggedIn, test } from './support/fixtures.js';

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** A live socket of another device, to see it closed when its session ends. */
function openSocket(baseUrl: string, token: string): Promise<{ closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/socket`);
    const closed = new Promise<number>((done) => socket.once('close', done));
    socket.once('open', () => socket.send(JSON.stringify({ event: 'auth', payload: token })));
    socket.once('message', () => resolve({ closed }));
    socket.once('error', reject);
  });
}

test('two-factor sign-in: set up with an app, then sign in with a code and a recovery code', async ({
  page,
  account,
}) => {
  await openLoggedIn(page, account);
  await openAccount(page);
  const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
  await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await twoFactor.getByLabel('Your password').fill(account.password);
  await twoFactor.getByRole('button', { name: 'Continue' }).click();

  await expect(twoFactor.getByRole('img', { name: /QR code/ })).toBeVisible();
  const key = ((await twoFactor.locator('code').textContent()) ?? '').replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await twoFactor.getByLabel('Code from the app').fill(codeFor(key));
  await twoFactor.getByRole('button', { name: 'Confirm' }).click();
  const codes = twoFactor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent()) ?? '';
  await twoFactor.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoFactor.getByText(/^On\./)).toBeVisible();

  await page.getByRole('button', { name: 'Notes' }).click();
  await logOut(page);
  await logIn(page, account.email, account.password);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await code.fill('000000' === codeFor(key, 1) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText(/code is not right/);
  await code.fill(codeFor(key, 1));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();

  await logOut(page);
  await logIn(page, account.email, account.password);
  await page.getByLabel('Authentication code').fill(recovery);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
});

test('sessions: see them all, end one and its socket closes at once', async ({ page, account }) => {
  const other = await logInToken(account);
  const otherSocket = await openSocket(account.api.baseUrl, other);
  await openLoggedIn(page, account);
  await openAccount(page);
  const sessions = page.getByRole('region', { name: 'Sessions' });
  // The account's API session, the other device, and this browser.
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await expect(sessions.getByText('This device')).toHaveCount(1);

  await sessions
    .getByRole('button', { name: /^End session/ })
    .first()
    .click();
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  page.once('dialog', (dialog) => void dialog.accept());
  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect(await otherSocket.closed).toBe(4401);
});

test('change the password, then delete the account', async ({ page, account, browser }) => {
  await openLoggedIn(page, account);
  // Another device, signed in too: it is told why it was signed out.
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await openLoggedIn(otherPage, account);
  await account.api.createNote('Something to lose');
  await openAccount(page);
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('not the password');
  await password.getByLabel('New password').fill('a brand new password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('alert')).toHaveText('The password is not right.');
  await password.getByLabel('Current password').fill(account.password);
  await password.getByLabel('New password').fill('a brand new password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toHaveText(/Password changed/);
  await expect(otherPage.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(
    otherPage.getByText('Your password was changed on another device. Please log in again.'),
  ).toBeVisible();
  await elsewhere.close();

  const danger = page.getByRole('region', { name: 'Delete account' });
  await danger.getByLabel('Your password').fill('a brand new password');
  page.once('dialog', (dialog) => void dialog.accept());
  await danger.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  await logIn(page, account.email, 'a brand new password');
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password');
});

test('a session ended elsewhere shows Log In at once, and signing in returns to the notes', async ({
  page,
  account,
}) => {
  const note = await account.api.createNote('Draft');
  await openLoggedIn(page, account);
  await page
    .getByRole('navigation', { name: 'Notes' })
    .getByRole('link', { name: /Draft/ })
    .click();
  // End this browser's session from the other device.
  const list = (await (
    await fetch(new URL('/api/sessions', account.api.baseUrl), {
      headers: { token: account.api.token },
    })
  ).json()) as { results: Array<{ id: string; current: boolean; timeLastSeen: number }> };
  for (const session of list.results.filter((s) => !s.current)) {
    await fetch(new URL(`/api/sessions/${session.id}`, account.api.baseUrl), {
      method: 'DELETE',
      headers: { token: account.api.token },
    });
  }
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(
    page.getByText('This session was ended from another device. Please log in again.'),
  ).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(account.email);
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Notes' }).getByRole('link')).toHaveCount(1);
  expect((await account.api.note(note.id))?.body).toBe('Draft');
});
