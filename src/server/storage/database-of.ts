import type { Db } from '../db/schema.js';
import type { Database } from './database.js';

// A handle's transactions share its adapter, so the adapter names the database they belong to.
const opened = new WeakMap<object, Database>();

/** Marks `database` as the one its handle, and every transaction on it, belongs to. */
export function ownHandle<D extends Database>(database: D): D {
  opened.set(database.db.getExecutor().adapter, database);
  return database;
}

/**
 * The database a query handle (or a transaction on it) was opened as, for the writes and locks
 * that each database makes its own way.
 */
export function databaseOf(db: Db): Database {
  const database = opened.get(db.getExecutor().adapter);
  if (!database) throw new Error('a query handle not made by openDatabase');
  return database;
}
