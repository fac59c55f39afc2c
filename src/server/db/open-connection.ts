import type { Connection, OpenOptions } from './connection.js';
import type { DatabaseLocation } from './location.js';
import { openPostgres } from './postgres/open.js';
import { openSqlite } from './sqlite/open.js';

/** Opens the configured database. Schema changes are the migrator's job, not this one's. */
export async function openConnection(
  location: DatabaseLocation,
  options: OpenOptions = {},
): Promise<Connection> {
  if (location.kind === 'sqlite') return openSqlite(location.file, options);
  return openPostgres(location.url, options);
}
