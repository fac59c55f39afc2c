import { test as base } from '@playwright/test';
import { type QuireServer, removeDataDir, startQuireServer } from './quire-server.js';

/** For specs that stop or restart their server: each test gets its own. */
export const testWithOwnServer = base.extend<{ server: QuireServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies here
  server: async ({}, use) => {
    const server = await startQuireServer();
    await use(server);
    await server.stop();
    await removeDataDir(server.dataDir);
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

/** Starts the server again on its port and database, as a deployment would. */
export function restart(server: QuireServer): Promise<QuireServer> {
  return startQuireServer({ dataDir: server.dataDir, port: server.port });
}
