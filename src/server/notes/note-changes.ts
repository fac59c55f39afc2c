import type { NoteChangesResponse } from '../../shared/note-changes.js';
import type { Db } from '../db/schema.js';
import { invalidInput } from '../domain-errors.js';
import type { ChangeClock } from './change-clock.js';
import { notesWrittenWhere, toNote } from './note-repository.js';

/**
 * What changed in the user's notes after `since`: the notes stored since (in the list), and the
 * ids of those that left it (to the trash, or purged), with the cursor to ask from next time.
 * The cursor is read first, so a change racing this read is sent again next time, never lost.
 */
export async function changesSince(
  db: Db,
  clock: ChangeClock,
  userId: string,
  sinceText: string,
): Promise<NoteChangesResponse> {
  const since = clock.parse(sinceText);
  const cursor = await clock.now(db, userId);
  if (await clock.isAhead(db, userId, since)) {
    throw invalidInput('The since cursor is ahead of this account');
  }
  const changed = await notesWrittenWhere(db, userId, clock.writtenAfter(since));
  const purged = await db
    .selectFrom('note_tombstones')
    .select('note_id')
    .where('user_id', '=', userId)
    .where(clock.writtenAfter(since))
    .execute();
  return {
    results: changed.filter((row) => row.time_deleted === null).map(toNote),
    deleted: [
      ...changed.filter((row) => row.time_deleted !== null).map((row) => row.id),
      ...purged.map((row) => row.note_id),
    ],
    cursor,
  };
}
