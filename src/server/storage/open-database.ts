import type { DatabaseLocation } from '../db/location.js';
import { openPostgres } from '../db/postgres/open.js';
import { openSqlite } from '../db/sqlite/open.js';
import type { Database, OpenOptions } from './database.js';

export { DatabaseUnavailableError } from '../db/postgres-connection.js';

/** Opens the configured database. Schema changes are the migrator's job, not this one's. */
export async function openDatabase(
  location: DatabaseLocation,
  options: OpenOptions = {},
): Promise<Database> {
  if (location.kind === 'sqlite') return openSqlite(location.file, options);
  return openPostgres(location.url, options);
}
