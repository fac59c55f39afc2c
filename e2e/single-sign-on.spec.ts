import { ApiClient, signUp } from './support/api.js';
import { runQuireCli } from './support/quire-cli.js';
import {
  addPerson,
  BUTTON_LABEL,
  expect,
  signInAtProvider,
  test,
} from './support/single-sign-on.js';

// Signing in through a real OpenID provider (oidc-provider on loopback) in a real browser.

const PASSWORD = 'correct horse battery staple';

test.describe('Sign in with an OpenID provider', () => {
  test('signs a new person in with one click and their name at the provider', async ({
    page,
    signOn,
  }) => {
    const setup = await signOn({ OIDC_ALLOWED_DOMAINS: 'example.org' });
    const login = addPerson(setup, { email: 'ada@example.org', email_verified: true });
    await page.goto(setup.quire.url);
    // The Log In form stays (docs/interface.md#the-log-in-form), the provider's button below it.
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeVisible();
    await page.getByRole('link', { name: BUTTON_LABEL }).click();
    await signInAtProvider(page, login);

    await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const check = await fetch(new URL('/api/check', setup.quire.url), {
      headers: { token: token ?? '' },
    });
    expect(await check.json()).toEqual({ email: 'ada@example.org' });
  });

  test('sends someone the allow-list does not name back to Log In, saying why', async ({
    page,
    signOn,
  }) => {
    const setup = await signOn({ OIDC_ALLOWED_GROUPS: 'quire-users' });
    const login = addPerson(setup, {
      email: 'eve@example.org',
      email_verified: true,
      groups: ['staff'],
    });
    await page.goto(setup.quire.url);
    await page.getByRole('link', { name: BUTTON_LABEL }).click();
    await signInAtProvider(page, login);

    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'Your account at the provider is not allowed into this Quire server. Ask its administrator to let you in.',
    );
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('opens an existing account for a verified e-mail, and refuses an unverified one', async ({
    page,
    signOn,
  }) => {
    // A groups allow-list: with a domain one, an unverified address is not let in at all.
    const setup = await signOn({ OIDC_ALLOWED_GROUPS: 'quire-users' });
    const email = 'grace@example.org';
    const groups = ['quire-users'];
    const api = new ApiClient(setup.quire.url, await signUp(setup.quire.url, email, PASSWORD));
    await api.createNote('Written with a password\nbefore single sign-on');

    const impostor = addPerson(setup, { email, email_verified: false, groups });
    await page.goto(setup.quire.url);
    await page.getByRole('link', { name: BUTTON_LABEL }).click();
    await signInAtProvider(page, impostor);
    await expect(page.getByRole('alert')).toHaveText(
      'Your provider has not verified your email address, so Quire cannot sign you in with it.',
    );

    const owner = addPerson(setup, { email, email_verified: true, groups });
    // A fresh browser session, or the provider would sign the same person in again at once.
    await page.context().clearCookies();
    await page.getByRole('link', { name: BUTTON_LABEL }).click();
    await signInAtProvider(page, owner);
    await expect(page.getByRole('link', { name: /Written with a password/ })).toBeVisible();
  });

  test('lands a cancelled sign-in on Log In with its reason', async ({ page, signOn }) => {
    const setup = await signOn({ OIDC_ALLOW_ANY: 'true' });
    await page.goto(setup.quire.url);
    await page.getByRole('link', { name: BUTTON_LABEL }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('alert')).toHaveText('Sign-in was cancelled at the provider.');
    await expect(page.getByLabel('Password')).toBeVisible();
  });

  test('with OIDC_ONLY offers no password form; the CLI link still lets the owner in', async ({
    page,
    signOn,
  }) => {
    const setup = await signOn({ OIDC_ALLOW_ANY: 'true', OIDC_ONLY: 'true' });
    await page.goto(setup.quire.url);
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('link', { name: BUTTON_LABEL })).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveCount(0);
    await expect(page.getByLabel('Password')).toHaveCount(0);

    // The provider is of no help here; the administrator makes a link on the server.
    const added = await runQuireCli(
      setup.quire.dataDir,
      ['user', 'add', 'owner@example.org'],
      PASSWORD,
    );
    expect(added.code).toBe(0);
    const made = await runQuireCli(setup.quire.dataDir, [
      'user',
      'login-link',
      'owner@example.org',
      '--url',
      setup.quire.url,
    ]);
    expect(made.code).toBe(0);
    const link = made.stdout.trim().split('\n').at(-1) ?? '';
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');

    // Used once: the same link again is refused, with a clear word on the Log In screen.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(
      'This sign-in link has expired or was used already.',
    );
  });
});
