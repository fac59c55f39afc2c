import type { OpenOptions } from '../db/connection.js';
import type { DatabaseLocation } from '../db/location.js';
import { openConnection } from '../db/open-connection.js';
import type { Database } from './database.js';
import { ownHandle } from './database-of.js';
import { postgresFeatures } from './postgres-features.js';
import { SQLITE_FUNCTIONS, sqliteFeatures } from './sqlite-features.js';

export { DatabaseUnavailableError } from '../db/postgres-connection.js';

/**
 * Opens the configured database and attaches each feature's half for its kind: the one place
 * the server picks between them. Schema changes are the migrator's job, not this one's.
 */
export async function openDatabase(
  location: DatabaseLocation,
  options: OpenOptions = {},
): Promise<Database> {
  const connection = await openConnection(location, {
    ...options,
    sqliteFunctions: SQLITE_FUNCTIONS,
  });
  if (connection.kind === 'sqlite') {
    return ownHandle({ ...connection, ...sqliteFeatures(connection) });
  }
  return ownHandle({ ...connection, ...postgresFeatures(connection) });
}
