import type { Migration } from 'kysely';
import * as initial from './0001-initial.js';
import * as postgresByteOrder from './0002-postgres-byte-order.js';

/** Every migration, by name; names sort in the order they run. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-postgres-byte-order': postgresByteOrder,
};
