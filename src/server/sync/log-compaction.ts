import * as Y from 'yjs';
import type { Db } from '../db/schema.js';
import { findStoredNote } from '../notes/note-repository.js';
import { moveCheckpoint, readCheckpoint, readUpdates } from './document-log.js';
import { documentFrom } from './note-document.js';

/** Notes compacted per pass, so one pass never holds the database for long. */
const NOTES_PER_PASS = 200;
/**
 * A log longer than this is compacted whatever its age: reading a document replays its log,
 * and a note typed in for hours would otherwise make that slow.
 */
export const MAX_LOG_ENTRIES = 500;

/**
 * Folds old log entries into each note's checkpoint (docs/sync.md): every update stored before
 * `cutoff`, and the older part of any log past MAX_LOG_ENTRIES. A note's document reads the
 * same before and after; only how far back a revision can be rebuilt changes. Returns how many
 * notes were compacted.
 */
export async function compactLogs(db: Db, cutoff: number): Promise<number> {
  const due = await db
    .selectFrom('note_sync_updates')
    .innerJoin('notes', 'notes.id', 'note_sync_updates.note_id')
    .select(['notes.id', 'notes.user_id'])
    .select((eb) => eb.fn.count<number>('note_sync_updates.revision').as('entries'))
    .groupBy(['notes.id', 'notes.user_id'])
    .having((eb) =>
      eb.or([
        eb(eb.fn.min('note_sync_updates.time_stored'), '<', cutoff),
        eb(eb.fn.count('note_sync_updates.revision'), '>', MAX_LOG_ENTRIES),
      ]),
    )
    .limit(NOTES_PER_PASS)
    .execute();
  let compacted = 0;
  for (const note of due) {
    compacted += await db.transaction().execute(async (trx) => {
      // Held, so no write adds to the log meanwhile.
      const stored = await findStoredNote(trx, note.user_id, note.id, { forWrite: true });
      const checkpoint = stored && (await readCheckpoint(trx, note.id));
      if (!stored || !checkpoint) return 0;
      const long = Number(note.entries) > MAX_LOG_ENTRIES;
      const upTo = await lastRevisionToFold(trx, note.id, cutoff, long && stored.note.revision);
      if (upTo <= checkpoint.revision) return 0;
      const updates = await readUpdates(trx, note.id, checkpoint.revision, upTo);
      if (!updates) return 0;
      const doc = documentFrom([checkpoint.state, ...updates]);
      await moveCheckpoint(trx, note.id, { revision: upTo, state: Y.encodeStateAsUpdate(doc) });
      return 1;
    });
  }
  return compacted;
}

/**
 * The newest revision to fold: the last stored before the cutoff, or, for a long log (given its
 * note's stored revision), all but the newest half of MAX_LOG_ENTRIES.
 */
async function lastRevisionToFold(
  db: Db,
  noteId: string,
  cutoff: number,
  longLogAt: number | false,
): Promise<number> {
  const old = await db
    .selectFrom('note_sync_updates')
    .select((eb) => eb.fn.max<number>('revision').as('revision'))
    .where('note_id', '=', noteId)
    .where('time_stored', '<', cutoff)
    .executeTakeFirst();
  const byAge = Number(old?.revision ?? 0);
  return longLogAt === false ? byAge : Math.max(byAge, longLogAt - MAX_LOG_ENTRIES / 2);
}
