import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { codeFor } from './support/account-page.js';
import {
  type Account,
  createAccount,
  expect,
  logInToken,
  PASSWORD,
  storeToken,
  test,
  uniqueEmail,
} from './support/fixtures.js';

test.describe('Log In', () => {
  test('shows the form with its texts and logs in', async ({ page, account }) => {
    await account.api.createNote('Shopping\nmilk');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    const email = page.getByLabel('Email address');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('placeholder', 'Enter email');
    await expect(email).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await email.fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Shopping/ })).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('token'));
    expect(stored).toMatch(/\S{20,}/);
  });

  test('keeps the form and says so when the password is wrong', async ({ page, account }) => {
    await page.goto('/');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong email or password');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('requires both fields, and says so on an empty submit', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) loginCalls += 1;
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Submit' }).click();
    // The browser's own validation stops the empty submit first.
    const missing = await page
      .getByLabel('Email address')
      .evaluate((input: HTMLInputElement) => input.validity.valueMissing);
    expect(missing).toBe(true);
    await expect(page.getByRole('alert')).toHaveText('');

    // A submit that gets past it (scripts, old browsers) meets the app's own check.
    await page.getByLabel('Email address').fill('someone@example.org');
    await page.locator('form').evaluate((form) => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await expect(page.getByRole('alert')).toHaveText('Please provide both username and password');
    expect(loginCalls).toBe(0);
  });

  test('creates an account when sign-up is open', async ({ page, server }) => {
    const email = uniqueEmail();
    await page.goto('/');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
    await expect(page.getByText('No notes yet')).toBeVisible();

    // The same email again is refused with a clear message.
    const other = await page.context().browser()!.newPage({ baseURL: server.url });
    await other.goto('/');
    await other.getByRole('button', { name: 'Create account' }).click();
    await other.getByLabel('Email address').fill(email);
    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Create account' }).click();
    await expect(other.getByRole('alert')).toHaveText('An account with this email already exists');
    await other.close();
  });
});

test.describe('Start-up', () => {
  test('a valid stored token opens the notes in server order, none selected', async ({
    page,
    account,
  }) => {
    await account.api.createNote('Oldest');
    await account.api.createNote('Middle');
    await account.api.createNote('Newest');
    await storeToken(page, await logInToken(account));
    await page.goto('/');
    const links = page.getByRole('navigation', { name: 'Notes' }).getByRole('link');
    await expect(links).toHaveText(['Newest', 'Middle', 'Oldest']);
    await expect(page.locator('[aria-current="true"]')).toHaveCount(0);
    await expect(page.getByText('Select a note or create a new one')).toBeVisible();
  });

  test('an invalid stored token is removed and Log In is shown', async ({ page }) => {
    await storeToken(page, 'not-a-real-token');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a revoked token logs out on the next start', async ({ page, server }) => {
    const account = await createAccount(server.url);
    const token = await logInToken(account);
    await fetch(new URL('/api/logout', server.url), {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
    });
    await storeToken(page, token);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  });
});

test.describe('Log In with a second factor that took too many wrong codes', () => {
  /** Turns two-factor sign-in on over the API, as the Account screen does; the recovery codes. */
  async function turnOnTwoFactor(account: Account): Promise<{ key: string; recovery: string[] }> {
    const call = async (path: string, body: unknown) => {
      const response = await fetch(new URL(path, account.api.baseUrl), {
        method: 'POST',
        headers: { token: account.api.token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return response.json();
    };
    const { secret } = await call('/api/account/totp', { password: account.password });
    const { recoveryCodes } = await call('/api/account/totp/confirm', { code: codeFor(secret) });
    return { key: secret, recovery: recoveryCodes };
  }

  async function typeCode(page: Page, code: string) {
    const field = page.getByRole('textbox');
    await field.press('ControlOrMeta+a');
    await field.press('Backspace');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  }

  test('says when to try again, then how to unlock, and a recovery code unlocks it', async ({
    page,
    account,
    server,
  }) => {
    const { key, recovery } = await turnOnTwoFactor(account);
    await page.goto('/');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByLabel('Authentication code')).toBeFocused();

    const wrong = codeFor(key, 10);
    const alert = page.locator('.login-card__error');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await typeCode(page, wrong);
      await expect(alert).toHaveText(/code is not right/);
      await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    }
    // Each wrong code past the third doubles the wait (2 s, 4 s…); on a slow machine a code
    // typed after its wait is checked and refused instead, so a later one meets the wait.
    let status = 0;
    for (let attempt = 0; attempt < 3 && status !== 429; attempt += 1) {
      const answered = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/login') && response.request().method() === 'POST',
      );
      await typeCode(page, wrong);
      status = (await answered).status();
    }
    expect(status).toBe(429);
    await expect(alert).toHaveText(/^Too many wrong codes\. Try again in \d+ seconds?\.$/);

    // Stands in for the further wrong codes, over minutes of back-off, that lock the account.
    const database = new Database(join(server.dataDir, 'quire.db'));
    database.prepare('update users set totp_failures = 10 where email = ?').run(account.email);
    database.close();

    await typeCode(page, codeFor(key, 1));
    await expect(page.getByRole('alert').first()).toHaveText(
      /locked after too many wrong codes\. Enter one of your recovery codes/,
    );
    const recoveryField = page.getByLabel('Recovery code');
    await expect(recoveryField).toBeFocused();
    await expect(recoveryField).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Unlock and log in' })).toBeVisible();
    for (const [width, scheme] of [
      [1280, 'light'],
      [1280, 'dark'],
      [390, 'light'],
      [390, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({
        path: test.info().outputPath(`second-factor-locked-${width}-${scheme}.png`),
      });
    }

    await typeCode(page, 'aaaaa-bbbbb');
    await expect(alert).toHaveText('That recovery code is not right, or was used already.');
    await typeCode(page, recovery[0] ?? '');
    await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/\S{20,}/);
  });
});
