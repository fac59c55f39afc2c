import type { FastifyBaseLogger } from 'fastify';
import type { LiveBus } from '../live/live-bus.js';
import type { Database } from '../storage/database.js';
import { SearchIndexKeeper } from './search-index-keeper.js';

/** What a search needs of the index: every note saved before it was asked, indexed. */
export interface SearchIndex {
  /** Resolves once every note of `userId` saved before the call is in the index. */
  upToDate(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** The index catches up after the writes (SearchIndexKeeper), told of them by the database. */
export function openSearchIndex(
  database: Database,
  bus: LiveBus,
  log: Pick<FastifyBaseLogger, 'warn'>,
): SearchIndex {
  const keeper = new SearchIndexKeeper(database.searchIndex, log);
  const unsubscribe = database.onIndexQueued(bus, () => keeper.written());
  keeper.written(); // whatever an earlier run or a command left waiting
  return {
    upToDate: (userId) => keeper.upToDate(userId),
    close: async () => {
      unsubscribe();
      await keeper.close();
    },
  };
}
