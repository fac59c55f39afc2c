import type { SelectQueryBuilder } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

/**
 * The list's order in SQL, as compareListOrder (src/shared/list-order.ts) sorts it: most recently
 * modified first, then the later change, then the larger id, so notes modified in the same second
 * keep one order. The index notes_list_order follows it.
 */
const LIST_ORDER_COLUMNS = ['time_last_modified', 'change_seq', 'id'] as const;

/**
 * The list's order as SQL, its columns qualified by `alias` when given; `reversed` lists the
 * oldest first (to number rows so that the newest get the largest numbers).
 */
export function listOrderSql(alias?: string, { reversed = false } = {}): string {
  const prefix = alias ? `${alias}.` : '';
  const direction = reversed ? 'asc' : 'desc';
  return LIST_ORDER_COLUMNS.map((column) => `${prefix}${column} ${direction}`).join(', ');
}

/** `time_last_modified desc, change_seq desc, id desc`, for statements written as text. */
export const LIST_ORDER = listOrderSql();

/** A query of the notes table, sorted in the list's order. */
export function inListOrder<Row>(
  query: SelectQueryBuilder<DatabaseSchema, 'notes', Row>,
): SelectQueryBuilder<DatabaseSchema, 'notes', Row> {
  let ordered = query;
  for (const column of LIST_ORDER_COLUMNS) ordered = ordered.orderBy(column, 'desc');
  return ordered;
}
