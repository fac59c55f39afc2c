import type { Database, OpenOptions } from './database.js';
import type { DatabaseLocation } from './location.js';
import { openPostgres } from './postgres/open.js';
import { openSqlite } from './sqlite/open.js';

export { DatabaseUnavailableError } from './postgres-connection.js';

/** Opens the configured database. Schema changes are the migrator's job, not this one's. */
export async function openDatabase(
  location: DatabaseLocation,
  options: OpenOptions = {},
): Promise<Database> {
  if (location.kind === 'sqlite') return openSqlite(location.file, options);
  return openPostgres(location.url, options);
}
