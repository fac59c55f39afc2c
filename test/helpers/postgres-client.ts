import pg from 'pg';
import type { TestServer } from './test-server.js';

/** A connection of its own to `url`, outside any pool, listening on `channels`; the test ends it. */
export async function connectTo(url: string, ...channels: string[]): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const channel of channels) await client.query(`listen ${channel}`);
  return client;
}

/** A connection of its own to the database of a test server running on PostgreSQL. */
export function connectToServer(server: TestServer): Promise<pg.Client> {
  const { database } = server.config;
  if (database.kind !== 'postgres') throw new Error('a PostgreSQL suite');
  return connectTo(database.url);
}
