import { changedRange } from '../../shared/changed-range.js';
import type { VersionReason } from '../../shared/note-history.js';
import type { Db } from '../db/schema.js';
import { compactLogs } from '../sync/log-compaction.js';
import { purgeTrashed } from './note-repository.js';
import { thinVersions } from './version-thinning.js';

/** While a note is being typed in, a whole snapshot of it is stored at most this often. */
export const SNAPSHOT_INTERVAL_SECONDS = 5 * 60;
/** Text that stood this long is a pause in typing, and is listed once replaced. */
export const PAUSE_SECONDS = 2;
/**
 * Every revision stays this long, in history and in the note's document log: a client that
 * saves text late from an older revision is merged by character against it (docs/sync.md).
 */
export const RECENT_SECONDS = 60 * 60;
/** However old, a note's newest snapshots stay. */
export const NEWEST_VERSIONS_KEPT = 10;
const DAY_SECONDS = 24 * 60 * 60;

export interface HistoryPolicy {
  historyDays: number;
  trashDays: number;
}

/** What a note's history knows of it when a revision replaces its text. */
export interface ReplacedText {
  body: string;
  timeLastModified: number;
  /** When its newest whole snapshot, and its newest listed version, went into history. */
  timeSnapshot: number | null;
  timeListed: number | null;
}

/**
 * How the text a revision replaces goes into history. It is listed when it stood for a pause,
 * when the revision removes text and nothing was listed for a pause's length (so any text that
 * stood that long and is then removed is listed), and whenever it is kept for another reason
 * (a conflict, a restore, a delete, a blind overwrite). A whole copy is stored every few
 * minutes; other versions are stored as the way back from the next one.
 */
export function historyEntry(
  replaced: ReplacedText,
  next: { body: string; reason: VersionReason; keep: boolean; now: number },
): { listed: boolean; whole: boolean } {
  const { timeSnapshot, timeListed } = replaced;
  // An edit that keeps the text (a note back from the trash) has nothing new to list.
  if (next.reason === 'edit' && !next.keep && replaced.body === next.body) {
    return { listed: false, whole: false };
  }
  const whole =
    next.keep ||
    next.reason !== 'edit' ||
    timeSnapshot === null ||
    next.now - timeSnapshot >= SNAPSHOT_INTERVAL_SECONDS;
  if (whole) return { listed: true, whole };
  const paused = next.now - replaced.timeLastModified >= PAUSE_SECONDS;
  const quiet = timeListed === null || next.now - timeListed >= PAUSE_SECONDS;
  return { listed: paused || (quiet && removesText(replaced.body, next.body)), whole };
}

function removesText(before: string, after: string): boolean {
  const range = changedRange(before, after);
  return range.end > range.start;
}

/** What one pass of housekeeping removed. */
export interface Housekeeping {
  thinned: number;
  expired: number;
  purged: number;
  /** Notes whose document logs were folded into their checkpoints. */
  documents: number;
}

/**
 * Applies the history and trash policy: revisions past the recent hour that are not listed are
 * thinned, document log entries as old are folded into their checkpoints, listed versions past
 * HISTORY_DAYS expire (but for each note's newest few), and notes in the trash past TRASH_DAYS
 * are purged. Safe to run on several instances at once.
 */
export async function keepHouse(db: Db, policy: HistoryPolicy, now: number): Promise<Housekeeping> {
  const thinned = await thinVersions(db, now - RECENT_SECONDS);
  const documents = await compactLogs(db, now - RECENT_SECONDS);
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
    thinned,
    documents,
    expired: Number(expired.numDeletedRows),
    purged,
  };
}
