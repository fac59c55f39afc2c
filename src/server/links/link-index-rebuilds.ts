import type { Db } from '../db/schema.js';
import { rebuildLinkIndex } from './link-index.js';

/**
 * Reads the link index again from the notes when a migration asked for it (a migration cannot
 * hold the Markdown reader), then forgets the request. Run after migrating, before serving.
 */
export async function rebuildAskedLinkIndex(db: Db): Promise<void> {
  const asked = await db
    .selectFrom('index_rebuilds')
    .select('name')
    .where('name', '=', 'links')
    .executeTakeFirst();
  if (!asked) return;
  await rebuildLinkIndex(db);
  await linkIndexRebuilt(db);
}

/** Forgets a migration's request to read the link index again: it was just read. */
export async function linkIndexRebuilt(db: Db): Promise<void> {
  await db.deleteFrom('index_rebuilds').where('name', '=', 'links').execute();
}
