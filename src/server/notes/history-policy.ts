import type { Db } from '../db/database.js';
import { purgeTrashed } from './note-repository.js';

/** While a note is being typed in, a snapshot of it is kept at most this often. */
export const SNAPSHOT_INTERVAL_SECONDS = 5 * 60;
/** Every revision stays this long, so a device that saves late still finds its merge base. */
export const MERGE_BASE_SECONDS = 60 * 60;
/** However old, a note's newest snapshots stay. */
export const NEWEST_VERSIONS_KEPT = 10;
const DAY_SECONDS = 24 * 60 * 60;

export interface HistoryPolicy {
  historyDays: number;
  trashDays: number;
}

/** What one pass of housekeeping removed. */
export interface Housekeeping {
  thinned: number;
  expired: number;
  purged: number;
}

/**
 * Applies the history and trash policy: revisions past the merge-base hour that are not
 * snapshots are thinned, snapshots past HISTORY_DAYS expire (but for each note's newest few),
 * and notes in the trash past TRASH_DAYS are purged. Safe to run on several instances at once.
 */
export async function keepHouse(db: Db, policy: HistoryPolicy, now: number): Promise<Housekeeping> {
  const thinned = await db
    .deleteFrom('note_versions')
    .where('kept', '=', 0)
    .where('time_archived', '<', now - MERGE_BASE_SECONDS)
    .executeTakeFirst();
  const expired = await db
    .deleteFrom('note_versions')
    .where('time_archived', '<', now - policy.historyDays * DAY_SECONDS)
    .where((eb) =>
      eb(
        eb
          .selectFrom('note_versions as newer')
          .select((inner) => inner.fn.countAll().as('count'))
          .whereRef('newer.note_id', '=', 'note_versions.note_id')
          .whereRef('newer.revision', '>', 'note_versions.revision')
          .where('newer.kept', '=', 1),
        '>=',
        NEWEST_VERSIONS_KEPT,
      ),
    )
    .executeTakeFirst();
  const purged = await purgeTrashed(db, { deletedBefore: now - policy.trashDays * DAY_SECONDS });
  return {
    thinned: Number(thinned.numDeletedRows),
    expired: Number(expired.numDeletedRows),
    purged,
  };
}
