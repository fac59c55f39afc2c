import {
  createAccount,
  expect,
  logInToken,
  PASSWORD,
  storeToken,
  test,
  uniqueEmail,
} from './support/fixtures.js';

test.describe('Log In', () => {
  test('shows the form with the spec texts and logs in', async ({ page, account }) => {
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

  test('requires both fields, and raises the spec message on an empty submit', async ({ page }) => {
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
