import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { SearchIndexKeeper } from './search-index-keeper.js';
import { sqliteCatchUpIndex } from './sqlite-index-catch-up.js';

/** What a search needs of the index: every note saved before it was asked, indexed. */
export interface SearchIndex {
  /** Resolves once every note of `userId` saved before the call is in the index. */
  upToDate(userId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * SQLite's index catches up after the writes (SearchIndexKeeper); PostgreSQL's is written by a
 * trigger inside each write's own transaction, so it is always up to date.
 */
export function openSearchIndex(
  database: Database,
  log: Pick<FastifyBaseLogger, 'warn'>,
): SearchIndex {
  if (database.kind === 'postgres') return { upToDate: async () => {}, close: async () => {} };
  const keeper = new SearchIndexKeeper(sqliteCatchUpIndex(database.db), log);
  const unsubscribe = database.onCommit(() => keeper.written());
  keeper.written(); // whatever an earlier run or a command left waiting
  return {
    upToDate: (userId) => keeper.upToDate(userId),
    close: async () => {
      unsubscribe();
      await keeper.close();
    },
  };
}
