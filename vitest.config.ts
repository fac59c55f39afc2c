import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Unit tests sit beside the code and run once. The server integration suite (test/) runs on
// SQLite and, when TEST_DATABASE_URL names a PostgreSQL server, again on PostgreSQL, each test
// server on a database of its own. `*.sqlite.test.ts` and `*.postgres.test.ts` run on that
// database only. Browser tests (e2e/) belong to Playwright and are kept out of Vitest.
const postgresUrl = process.env.TEST_DATABASE_URL?.trim();

const integration = (database: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name: database,
    include: ['test/**/*.test.ts'],
    exclude: [`test/**/*.${database === 'sqlite' ? 'postgres' : 'sqlite'}.test.ts`],
    env: { QUIRE_TEST_DATABASE: database },
    // Some tests run the CLI a dozen times, each a fresh Node process: slow on a busy machine.
    testTimeout: 90_000,
    globalSetup: database === 'postgres' ? ['test/helpers/postgres-global-setup.ts'] : [],
  },
});

// Vitest reads this file once per project; say it once.
const noticeShown = Symbol.for('quire.postgresSkipNoticeShown');
const flags = globalThis as { [noticeShown]?: boolean };
if (!postgresUrl && !flags[noticeShown]) {
  flags[noticeShown] = true;
  console.log('PostgreSQL tests skipped: set TEST_DATABASE_URL=postgres://… to run them');
}

export default defineConfig({
  // Component tests render the client's JSX, which uses the automatic runtime as in Vite.
  esbuild: { jsx: 'automatic' },
  test: {
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    pool: 'forks',
    // Integration tests start servers and spawn processes; two at a time suits two cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'] } },
      integration('sqlite'),
      ...(postgresUrl ? [integration('postgres')] : []),
    ],
  },
});
