import { defineConfig } from '@playwright/test';

// The system's Chromium, never a downloaded browser build (the bench starts it the same way).
export const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/** Every spec runs on a wide screen; `*.narrow.spec.ts` on a narrow one; the screenshots, writing, app flows, note addresses and share pages on both. */
const NARROW_ONLY = /\.narrow\.spec\.ts$/;
const NARROW = /(\.narrow|screenshots|writing|app-flows|note-address|templates|sharing)\.spec\.ts$/;
/** Changes the built service worker that every test's server serves: it runs after all others. */
const DEPLOYS = /update-prompt\.spec\.ts$/;
const WIDE = { viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  workers: 2,
  // A test that fails and then passes is reported as flaky, not passed: the line reporter lists
  // it, so a race it shows is seen and followed up rather than failing an unrelated change.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: chromium,
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'wide', use: WIDE, testIgnore: [NARROW_ONLY, DEPLOYS] },
    {
      name: 'narrow',
      use: { viewport: { width: 390, height: 844 } },
      testMatch: NARROW,
    },
    { name: 'deploy', use: WIDE, testMatch: DEPLOYS, dependencies: ['wide', 'narrow'] },
  ],
});
