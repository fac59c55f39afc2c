import type { Db } from '../db/schema.js';
import { findStoredNote } from '../notes/note-repository.js';
import { dropDocument, hasDocument } from './document-log.js';

/** Notes looked at per pass, so one pass never holds the database for long. */
const NOTES_PER_PASS = 500;

/**
 * Drops the documents of notes nothing was merged into since `cutoff`: such a note's saves are
 * written as plain text again, and a late save from an older base starts its document anew from
 * history (docs/sync.md). Returns how many went.
 */
export async function dropIdleDocuments(db: Db, cutoff: number): Promise<number> {
  const idle = await db
    .selectFrom('note_sync_checkpoints as checkpoint')
    .innerJoin('notes', 'notes.id', 'checkpoint.note_id')
    .select(['notes.id', 'notes.user_id'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('note_sync_updates as recent')
            .select('recent.note_id')
            .whereRef('recent.note_id', '=', 'checkpoint.note_id')
            .where('recent.time_stored', '>=', cutoff),
        ),
      ),
    )
    .limit(NOTES_PER_PASS)
    .execute();
  let dropped = 0;
  for (const note of idle) {
    dropped += await db.transaction().execute(async (trx) => {
      // Held, so no save is writing to the document meanwhile; asked again under the hold.
      const stored = await findStoredNote(trx, note.user_id, note.id, { forWrite: true });
      if (!stored || !(await hasDocument(trx, note.id))) return 0;
      const recent = await recentUpdates(trx, cutoff, note.id).executeTakeFirst();
      if (recent) return 0;
      await dropDocument(trx, note.id);
      return 1;
    });
  }
  return dropped;
}

function recentUpdates(db: Db, cutoff: number, noteId: string) {
  return db
    .selectFrom('note_sync_updates')
    .select('note_id')
    .where('note_id', '=', noteId)
    .where('time_stored', '>=', cutoff);
}
