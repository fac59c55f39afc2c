import type { Config } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { rebuildLinkIndex } from '../links/link-index.js';
import { linkIndexRebuilt } from '../links/link-index-rebuilds.js';
import { openDatabase } from '../storage/open-database.js';

/** `quire reindex`: migrates, then rebuilds the search index and the link index from the notes. */
export async function reindexCommand(config: Config): Promise<string> {
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const count = await database.reindexSearch();
    const links = await rebuildLinkIndex(database.db);
    await linkIndexRebuilt(database.db);
    return [
      `Search index rebuilt: ${count} ${count === 1 ? 'note' : 'notes'}`,
      `Link index rebuilt: ${links} ${links === 1 ? 'link' : 'links'}`,
    ].join('\n');
  } finally {
    await database.close();
  }
}
