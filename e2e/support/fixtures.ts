import { randomUUID } from 'node:crypto';
import { test as base, type Page } from '@playwright/test';
import { ApiClient, signUp } from './api.js';
import { type QuireServer, removeDataDir, startQuireServer } from './quire-server.js';

export interface Account {
  email: string;
  password: string;
  /** A session of this account, used by `api`: another device of the same user. */
  api: ApiClient;
}

export const PASSWORD = 'correct horse battery staple';

export function uniqueEmail(): string {
  return `user-${randomUUID().slice(0, 8)}@example.org`;
}

export async function createAccount(baseUrl: string): Promise<Account> {
  const email = uniqueEmail();
  const token = await signUp(baseUrl, email, PASSWORD);
  return { email, password: PASSWORD, api: new ApiClient(baseUrl, token) };
}

/** A new session of the account, as the Log In form would get it. */
export async function logInToken(account: Account): Promise<string> {
  const response = await fetch(new URL('/api/login', account.api.baseUrl), {
    method: 'POST',
    headers: { token: '', 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return response.text();
}

/** Stores a token the way the app does, once, before the page's own scripts run. */
export async function storeToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-token-stored')) return;
    window.sessionStorage.setItem('e2e-token-stored', 'yes');
    window.localStorage.setItem('token', value);
  }, token);
}

/** Opens the app already logged in with a fresh session of the account. */
export async function openLoggedIn(page: Page, account: Account): Promise<void> {
  await storeToken(page, await logInToken(account));
  await page.goto('/');
}

/** One real server per worker, over its own temporary database; each test gets a new account. */
export const test = base.extend<{ account: Account }, { server: QuireServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies here
    async ({}, use) => {
      const server = await startQuireServer();
      await use(server);
      await server.stop();
      await removeDataDir(server.dataDir);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  account: async ({ server }, use) => {
    await use(await createAccount(server.url));
  },
});

export { expect } from '@playwright/test';
