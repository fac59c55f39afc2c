import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { LiveBus } from '../live/live-bus.js';
import { postgresCatchUpIndex } from './postgres-index-catch-up.js';
import { SearchIndexKeeper } from './search-index-keeper.js';
import { sqliteCatchUpIndex } from './sqlite-index-catch-up.js';

/** What a search needs of the index: every note saved before it was asked, indexed. */
export interface SearchIndex {
  /** Resolves once every note of `userId` saved before the call is in the index. */
  upToDate(userId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The index catches up after the writes (SearchIndexKeeper), told of them by SQLite's commits,
 * or on PostgreSQL by the live bus, which carries every instance's changes (each instance may
 * take a share of the queue).
 */
export function openSearchIndex(
  database: Database,
  bus: LiveBus,
  log: Pick<FastifyBaseLogger, 'warn'>,
): SearchIndex {
  const keeper =
    database.kind === 'postgres'
      ? new SearchIndexKeeper(postgresCatchUpIndex(database.db), log)
      : new SearchIndexKeeper(sqliteCatchUpIndex(database.db), log);
  const written = () => keeper.written();
  const unsubscribe =
    database.kind === 'postgres'
      ? bus.subscribe({ onChange: written, onResync: written })
      : database.onCommit(written);
  keeper.written(); // whatever an earlier run or a command left waiting
  return {
    upToDate: (userId) => keeper.upToDate(userId),
    close: async () => {
      unsubscribe();
      await keeper.close();
    },
  };
}
