import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import type { Config } from '../src/server/config.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import { call } from './helpers/api-client.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { testConfig } from './helpers/test-server.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts Quire with its warnings written to a list, as they would reach the log. */
async function startLogged(overrides: Partial<Config>) {
  const testDatabase: TestDatabase = await createTestDatabase();
  const config = testConfig(testDatabase.location, overrides);
  const database = await openDatabase(config.database);
  await migrateToLatest(database.db);
  const bus = await database.createBus();
  const warnings: string[] = [];
  const stream = { write: (line: string) => warnings.push(JSON.parse(line).msg as string) };
  const app = await buildApp({ config, database, bus, logger: { level: 'warn', stream } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(async () => {
    await app.close();
    await bus.close();
    await database.close();
    await testDatabase.drop();
  });
  return { url, warnings };
}

describe('TRUST_PROXY warning', () => {
  it('warns at start-up on a loopback address, and at the first forwarded request', async () => {
    const { url, warnings } = await startLogged({ trustProxy: false, host: '127.0.0.1' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/TRUST_PROXY is not set and HOST is 127\.0\.0\.1/);
    await call(url, 'GET', '/api/config', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    await call(url, 'GET', '/api/config', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatch(/X-Forwarded-For.*not trusted/);
  });

  it('says nothing when TRUST_PROXY names the proxy', async () => {
    const { url, warnings } = await startLogged({ trustProxy: '127.0.0.1', host: '127.0.0.1' });
    await call(url, 'GET', '/api/config', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(warnings).toEqual([]);
  });
});
