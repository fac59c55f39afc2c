import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openLoggedIn, test } from './support/fixtures.js';

test('offers a manifest and a service worker, and Chromium finds it installable', async ({
  playwright,
  account,
  baseURL,
}) => {
  // Chromium never offers to install from an incognito-like context, so this one has a profile.
  const profile = await mkdtemp(join(tmpdir(), 'quire-profile-'));
  const { launchOptions } = test.info().project.use;
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await openLoggedIn(page, account);
  await expect(page.getByRole('navigation', { name: 'Notes' })).toBeVisible();

  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(manifestUrl ?? '')).json();
  expect(manifest).toMatchObject({ name: 'Quire', short_name: 'Quire', display: 'standalone' });
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(
    true,
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);

  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL;
  });
  expect(state).toMatch(/\/sw\.js$/);

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  await context.close();
  await rm(profile, { recursive: true, force: true });
});

test('calls to the API go straight to the network, never waking the service worker', async ({
  page,
  account,
}) => {
  await openLoggedIn(page, account);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Notes' })).toBeVisible();
  // Resource Timing names the worker's static route that served each request, if any.
  const routes = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming & { workerMatchedSourceType?: string })
      .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
      .map((entry) => entry.workerMatchedSourceType),
  );
  expect(routes.length).toBeGreaterThan(0);
  expect(new Set(routes)).toEqual(new Set(['network']));
});
