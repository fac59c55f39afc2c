import type { Config } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { openDatabase } from '../db/open-database.js';

/** `quire reindex`: migrates, then rebuilds the search index from the notes. */
export async function reindexCommand(config: Config): Promise<string> {
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const count = await database.reindexSearch();
    return `Search index rebuilt: ${count} ${count === 1 ? 'note' : 'notes'}`;
  } finally {
    await database.close();
  }
}
