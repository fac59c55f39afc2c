import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/server/app.js';
import {
  type AttachmentConfig,
  type Config,
  loadAttachmentConfig,
  loadConfig,
} from '../../src/server/config.js';
import type { DatabaseLocation } from '../../src/server/db/location.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { LiveBus } from '../../src/server/live/live-bus.js';
import type { Database } from '../../src/server/storage/database.js';
import { openDatabase } from '../../src/server/storage/open-database.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export { makeTempDir, removeTempDir } from './temp-dir.js';

export interface TestServer {
  url: string;
  socketUrl: string;
  app: FastifyInstance;
  database: Database;
  bus: LiveBus;
  config: Config;
  close(): Promise<void>;
}

/**
 * The configuration Quire loads with nothing set, with what tests change: any free port, open
 * signup, no login rate limit, the cheapest scrypt cost Quire accepts, and no logs.
 */
export function testConfig(database: DatabaseLocation, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    database,
    attachments: loadAttachmentConfig({}, database),
    port: 0,
    allowSignup: true,
    authRateLimit: 0,
    scryptCost: 10,
    logLevel: 'silent',
    ...overrides,
  };
}

/**
 * Quire over a real database of the suite's kind (a fresh one unless `database` is given),
 * with the bus `serve` would pick for it, listening on an ephemeral loopback port.
 */
export async function startTestServer(
  options: {
    config?: Partial<Config>;
    /** Attachment settings over the defaults for the database; false turns them off. */
    attachments?: Partial<AttachmentConfig> | false;
    /** Shared with other servers or CLI runs; the caller drops it. */
    database?: TestDatabase;
    bus?: LiveBus;
    app?: Partial<
      Pick<
        AppOptions,
        | 'clock'
        | 'heartbeatMs'
        | 'authTimeoutMs'
        | 'sessionCheckMs'
        | 'sessionCacheMs'
        | 'webClientDir'
        | 'socketBufferLimit'
        | 'socketAdmission'
        | 'logger'
        | 'imports'
      >
    >;
  } = {},
): Promise<TestServer> {
  const testDatabase = options.database ?? (await createTestDatabase());
  const config = testConfig(testDatabase.location, options.config);
  if (options.attachments === false) config.attachments = false;
  else if (config.attachments)
    config.attachments = { ...config.attachments, ...options.attachments };
  const database = await openDatabase(config.database);
  await migrateToLatest(database.db);
  const bus = options.bus ?? (await database.createBus());
  const app = await buildApp({ config, database, bus, logger: false, ...options.app });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    socketUrl: `${url.replace(/^http/, 'ws')}/socket`,
    app,
    database,
    bus,
    config,
    async close() {
      await app.close();
      await bus.close();
      await database.close();
      if (!options.database) await testDatabase.drop();
    },
  };
}
