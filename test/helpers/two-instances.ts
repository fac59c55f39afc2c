import { LiveTestClient } from './live-client.js';
import { createPostgresDatabase, type TestDatabase } from './test-database.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * Two instances of Quire over one PostgreSQL database, as behind a load balancer: each has its
 * own pool, sockets and LISTEN connection; events reach every instance through NOTIFY.
 */
export interface TwoInstances {
  database: TestDatabase;
  one: TestServer;
  two: TestServer;
  /** An authenticated socket on one of them, closed by `close`; `sync` as in LiveTestClient. */
  connect(server: TestServer, token: string, sync?: boolean): Promise<LiveTestClient>;
  close(): Promise<void>;
}

/** `sessionCheckMs`: how often each instance checks its sockets' sessions in the database. */
export async function startTwoInstances(sessionCheckMs: number): Promise<TwoInstances> {
  const database = await createPostgresDatabase();
  const one = await startTestServer({ database, app: { sessionCheckMs } });
  const two = await startTestServer({ database, app: { sessionCheckMs } });
  const clients: LiveTestClient[] = [];
  return {
    database,
    one,
    two,
    async connect(server, token, sync) {
      const client = await LiveTestClient.connect(server.socketUrl, token, sync);
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients.splice(0)) client.close();
      await one.close();
      await two.close();
      await database.drop();
    },
  };
}
