import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { openAccount } from './support/account-page.js';
import { createAccount, openLoggedIn, test as plainTest } from './support/fixtures.js';
import {
  makeDataDir,
  type QuireServer,
  removeDataDir,
  startQuireServer,
} from './support/quire-server.js';

// A server that makes backups on a schedule shows when in the Account screen.
const test = base.extend<{ server: QuireServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies here
  server: async ({}, use) => {
    const dataDir = await makeDataDir();
    const server = await startQuireServer({
      dataDir,
      env: { BACKUP_DIR: join(dataDir, 'backups') },
    });
    await use(server);
    await server.stop();
    await removeDataDir(server.dataDir);
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

test('the Account screen shows when the server last backed up and verified a backup', async ({
  page,
  server,
}) => {
  const account = await createAccount(server.url);
  // The first backup begins as the server starts; wait until it has proved it restores, which
  // on two cores shared with other browser tests can take longer than an expectation's usual time.
  await expect
    .poll(
      async () => {
        const health = await (await fetch(`${server.url}/api/health`)).json();
        return health.backup?.timeLastVerified ?? null;
      },
      { timeout: 60_000 },
    )
    .not.toBeNull();
  await openLoggedIn(page, account);
  await openAccount(page);
  const backups = page.getByRole('region', { name: 'Server backups' });
  await expect(backups.getByText(/^Last backup: \d{4}-\d\d-\d\d /)).toBeVisible();
  await expect(backups.getByText(/^Last verified: \d{4}-\d\d-\d\d /)).toBeVisible();
});

plainTest(
  'the Account screen says nothing of backups when none are scheduled or made',
  async ({ page, account }) => {
    await openLoggedIn(page, account);
    await openAccount(page);
    await expect(page.getByRole('region', { name: 'Attachments' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Server backups' })).toHaveCount(0);
  },
);
