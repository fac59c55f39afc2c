import type { NoteChangesResponse } from '../../shared/note-changes.js';
import type { Db } from '../db/database.js';
import { invalidInput } from '../domain-errors.js';
import { notesChangedSince, toNote } from './note-repository.js';
import { currentChangeSeq } from './serialized-list.js';

/** A cursor is the user's change counter in decimal; anything else is refused. */
export function parseCursor(text: string): number {
  if (!/^(0|[1-9]\d{0,14})$/.test(text)) throw invalidInput('The since cursor is not valid');
  return Number(text);
}

/**
 * What changed in the user's notes after `since`: the notes stored since (in the list), and the
 * ids of those that left it (to the trash, or purged), with the cursor to ask from next time.
 * The cursor is read first, so a change racing this read is sent again next time, never lost.
 */
export async function changesSince(
  db: Db,
  userId: string,
  since: number,
): Promise<NoteChangesResponse> {
  const cursor = await currentChangeSeq(db, userId);
  if (since > cursor) throw invalidInput('The since cursor is ahead of this account');
  const changed = await notesChangedSince(db, userId, since);
  const purged = await db
    .selectFrom('note_tombstones')
    .select('note_id')
    .where('user_id', '=', userId)
    .where('change_seq', '>', since)
    .execute();
  return {
    results: changed.filter((row) => row.time_deleted === null).map(toNote),
    deleted: [
      ...changed.filter((row) => row.time_deleted !== null).map((row) => row.id),
      ...purged.map((row) => row.note_id),
    ],
    cursor: String(cursor),
  };
}
