import type { Db } from './schema.js';

/** Both or neither: `write` runs in the caller's transaction, or in one of its own. */
export const atomically = <T>(db: Db, write: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? write(db) : db.transaction().execute(write);
