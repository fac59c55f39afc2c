import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOidcConfig } from '../src/server/oidc/oidc-config.js';
import { call, createNote, listNotes, signUp } from './helpers/api-client.js';
import { OidcBrowser } from './helpers/oidc-browser.js';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from './helpers/test-identity-provider.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { enableTwoFactor } from './helpers/two-factor.js';

// Sign-in through a real OpenID provider (oidc-provider) on loopback, its pages driven by a
// cookie-keeping fetch: the allow-lists, linking by verified e-mail, and the one-time hand-off.

interface Setup {
  provider: TestIdentityProvider;
  quire: TestServer;
}

async function startWith(settings: Record<string, string>): Promise<Setup> {
  const provider = await startTestIdentityProvider();
  const oidc = loadOidcConfig({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    ...settings,
  });
  const quire = await startTestServer({ config: { oidc } });
  provider.acceptQuire(quire.url);
  return { provider, quire };
}

async function stop(setup: Setup | undefined): Promise<void> {
  await setup?.quire.close();
  await setup?.provider.stop();
}

/** A person at the provider with a fresh name; returns their login name. */
function person(
  setup: Setup,
  claims: { email?: string; email_verified?: boolean; groups?: string[] },
) {
  const sub = `person-${randomUUID().slice(0, 8)}`;
  setup.provider.addIdentity({ sub, ...claims });
  return sub;
}

/** Signs in at the provider and spends the hand-off; the session token, or the failure. */
async function signIn(setup: Setup, login: string) {
  const browser = new OidcBrowser(setup.quire.url);
  const landed = new URL(await browser.signIn(login));
  if (landed.hash !== '#sign-in') return { landed: landed.hash, token: undefined };
  const answer = await browser.redeem();
  expect(answer.status).toBe(200);
  return { landed: landed.hash, token: await answer.text() };
}

async function emailOf(setup: Setup, token: string | undefined): Promise<string> {
  const check = await call(setup.quire.url, 'GET', '/api/check', { token: token ?? '' });
  expect(check.status).toBe(200);
  return check.json.email;
}

async function accountCount(setup: Setup): Promise<number> {
  const rows = await setup.quire.database.db.selectFrom('users').select('id').execute();
  return rows.length;
}

describe('single sign-on with a domain allow-list', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await startWith({ OIDC_ALLOWED_DOMAINS: 'example.org' });
  });
  afterAll(() => stop(setup));

  it('makes an account for a new person at an allowed domain, and finds it again by subject', async () => {
    const email = `new-${randomUUID().slice(0, 6)}@example.org`;
    const login = person(setup, { email, email_verified: true });
    const first = await signIn(setup, login);
    expect(first.landed).toBe('#sign-in');
    expect(await emailOf(setup, first.token)).toBe(email);
    await createNote(setup.quire.url, first.token!, 'written after single sign-on');

    // The provider's address changes; the link by subject still finds the same account.
    setup.provider.addIdentity({ sub: login, email: 'moved@example.org', email_verified: true });
    const again = await signIn(setup, login);
    expect(await emailOf(setup, again.token)).toBe(email);
    const notes = await listNotes(setup.quire.url, again.token!);
    expect(notes.map((note) => note.body)).toEqual(['written after single sign-on']);
  });

  it('sends someone the allow-list does not name back to Log In, and makes no account', async () => {
    const before = await accountCount(setup);
    const outsider = person(setup, { email: 'someone@elsewhere.net', email_verified: true });
    expect((await signIn(setup, outsider)).landed).toBe('#sign-in-error=not_allowed');
    // An allowed domain counts only when the provider verified the address.
    const claimed = person(setup, { email: 'boss@example.org', email_verified: false });
    expect((await signIn(setup, claimed)).landed).toBe('#sign-in-error=not_allowed');
    expect(await accountCount(setup)).toBe(before);
  });

  it('links an existing account by a verified e-mail, with the notes it has', async () => {
    const email = `owner-${randomUUID().slice(0, 6)}@example.org`;
    const passwordToken = await signUp(setup.quire.url, email);
    await createNote(setup.quire.url, passwordToken, 'written with a password');
    const login = person(setup, { email: email.toUpperCase(), email_verified: true });
    const { token } = await signIn(setup, login);
    expect(await emailOf(setup, token)).toBe(email);
    expect((await listNotes(setup.quire.url, token!)).map((n) => n.body)).toEqual([
      'written with a password',
    ]);
    // The password still opens the account as before.
    const login2 = await call(setup.quire.url, 'POST', '/api/login', {
      body: { username: email, password: 'correct horse' },
    });
    expect(login2.status).toBe(200);
  });

  it('signs an account with two-factor sign-in in without its code: the provider owns that step', async () => {
    const email = `guarded-${randomUUID().slice(0, 6)}@example.org`;
    await enableTwoFactor(setup.quire.url, await signUp(setup.quire.url, email));
    const { token } = await signIn(setup, person(setup, { email, email_verified: true }));
    expect(await emailOf(setup, token)).toBe(email);
  });

  it('spends the hand-off code once, and never from another browser', async () => {
    const login = person(setup, {
      email: `once-${randomUUID().slice(0, 6)}@example.org`,
      email_verified: true,
    });
    const browser = new OidcBrowser(setup.quire.url);
    expect(new URL(await browser.signIn(login)).hash).toBe('#sign-in');
    const elsewhere = await new OidcBrowser(setup.quire.url).redeem();
    expect(elsewhere.status).toBe(401);
    expect(((await elsewhere.json()) as { code: string }).code).toBe('unauthorized');
    expect((await browser.redeem()).status).toBe(200);
    expect((await browser.redeem()).status).toBe(401);
  });

  it('lands a cancelled, a stale or a forged return on Log In with its reason, never a 5xx', async () => {
    const login = person(setup, { email: 'quits@example.org', email_verified: true });
    const browser = new OidcBrowser(setup.quire.url);
    expect(new URL(await browser.signIn(login, { cancel: true })).hash).toBe(
      '#sign-in-error=denied',
    );
    // A return with no sign-in begun in this browser (its cookie gone, or a forged link).
    const stray = await new OidcBrowser(setup.quire.url).follow(
      `${setup.quire.url}/api/oidc/callback?code=made-up&state=made-up`,
    );
    expect(new URL(stray.url).hash).toBe('#sign-in-error=expired');
    // Begun here, but the state that comes back is another.
    const begun = new OidcBrowser(setup.quire.url);
    await begun.follow(`${setup.quire.url}/api/oidc/start`);
    const wrong = await begun.follow(`${setup.quire.url}/api/oidc/callback?code=x&state=other`);
    expect(new URL(wrong.url).hash).toBe('#sign-in-error=expired');
    const provider = await begun.follow(
      `${setup.quire.url}/api/oidc/callback?error=server_error&state=x`,
    );
    expect(new URL(provider.url).hash).toBe('#sign-in-error=failed');
  });

  it('offers the button in /api/config and keeps the password form', async () => {
    const config = await call(setup.quire.url, 'GET', '/api/config');
    expect(config.json).toMatchObject({
      passwordSignIn: true,
      oidc: { buttonLabel: 'Sign in with single sign-on', startPath: '/api/oidc/start' },
    });
  });
});

describe('single sign-on with a groups allow-list', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await startWith({ OIDC_ALLOWED_GROUPS: 'quire-users' });
  });
  afterAll(() => stop(setup));

  it('lets in members of an allowed group, whatever their domain, and no one else', async () => {
    const member = person(setup, {
      email: `member-${randomUUID().slice(0, 6)}@anywhere.net`,
      email_verified: true,
      groups: ['staff', 'quire-users'],
    });
    expect((await signIn(setup, member)).landed).toBe('#sign-in');
    const other = person(setup, {
      email: 'x@anywhere.net',
      email_verified: true,
      groups: ['staff'],
    });
    expect((await signIn(setup, other)).landed).toBe('#sign-in-error=not_allowed');
  });

  it('refuses to link or make an account by an unverified e-mail', async () => {
    const email = `victim-${randomUUID().slice(0, 6)}@example.org`;
    await signUp(setup.quire.url, email);
    const before = await accountCount(setup);
    const claimant = person(setup, { email, email_verified: false, groups: ['quire-users'] });
    expect((await signIn(setup, claimant)).landed).toBe('#sign-in-error=unverified_email');
    const newcomer = person(setup, {
      email: 'fresh@example.org',
      groups: ['quire-users'],
    });
    expect((await signIn(setup, newcomer)).landed).toBe('#sign-in-error=unverified_email');
    const nameless = person(setup, { groups: ['quire-users'] });
    expect((await signIn(setup, nameless)).landed).toBe('#sign-in-error=no_email');
    expect(await accountCount(setup)).toBe(before);
    const links = await setup.quire.database.db.selectFrom('oidc_identities').selectAll().execute();
    expect(links.map((link) => link.subject)).not.toContain(claimant);
  });
});

describe('OIDC_ONLY', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await startWith({ OIDC_ALLOW_ANY: 'true', OIDC_ONLY: 'true' });
  });
  afterAll(() => stop(setup));

  it('refuses password log-in and sign-up, and says so in /api/config', async () => {
    const config = await call(setup.quire.url, 'GET', '/api/config');
    expect(config.json).toMatchObject({ passwordSignIn: false, signupOpen: false });
    const login = await call(setup.quire.url, 'POST', '/api/login', {
      body: { username: 'a@example.org', password: 'correct horse' },
    });
    expect(login.status).toBe(403);
    const signup = await call(setup.quire.url, 'POST', '/api/signup', {
      body: { username: 'a@example.org', password: 'correct horse' },
    });
    expect(signup.status).toBe(403);
    expect(await accountCount(setup)).toBe(0);
  });

  it('still lets the provider sign anyone in when OIDC_ALLOW_ANY says so', async () => {
    const login = person(setup, { email: 'anyone@anywhere.net', email_verified: true });
    expect(await emailOf(setup, (await signIn(setup, login)).token)).toBe('anyone@anywhere.net');
  });
});

describe('a provider that cannot be reached', () => {
  it('sends the browser back to Log In with the reason', async () => {
    const oidc = loadOidcConfig({
      OIDC_ISSUER: 'http://127.0.0.1:9/nowhere',
      OIDC_CLIENT_ID: 'quire',
      OIDC_CLIENT_SECRET: 'x',
      OIDC_ALLOW_ANY: 'true',
    });
    const quire = await startTestServer({ config: { oidc } });
    try {
      const browser = new OidcBrowser(quire.url);
      const landed = await browser.follow(`${quire.url}/api/oidc/start`);
      expect(new URL(landed.url).hash).toBe('#sign-in-error=unavailable');
    } finally {
      await quire.close();
    }
  });
});
