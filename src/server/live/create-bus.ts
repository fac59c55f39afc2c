import type { Database } from '../db/database.js';
import type { LiveBus } from './live-bus.js';
import { createMemoryBus } from './memory-bus.js';
import { type BusLog, createPostgresBus } from './postgres-bus.js';

/**
 * One instance on SQLite fans out in process; on PostgreSQL any number of instances may share
 * the database, so events travel through it.
 */
export async function createBus(database: Database, log?: BusLog): Promise<LiveBus> {
  if (database.kind === 'sqlite') return createMemoryBus();
  return createPostgresBus({ db: database.db, newClient: database.newClient, log });
}
