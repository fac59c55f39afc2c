import type { Db } from '../db/schema.js';
import { findStoredNote } from './note-repository.js';
import { applyDeltaBack, deltaBack } from './text-delta.js';

/** Notes thinned per pass, so one pass never holds the database for long. */
const NOTES_PER_PASS = 500;

/**
 * Removes the unlisted revisions archived before `cutoff` (merge bases no device needs any
 * more). A version stored as the way back from the next one present is rewritten from the next
 * one that stays, so every listed version can still be read. Returns how many went.
 */
export async function thinVersions(db: Db, cutoff: number): Promise<number> {
  const notes = await db
    .selectFrom('note_versions')
    .select(['note_id', 'user_id'])
    .distinct()
    .where('kept', '=', 0)
    .where('time_archived', '<', cutoff)
    .limit(NOTES_PER_PASS)
    .execute();
  let removed = 0;
  for (const note of notes) {
    removed += await db
      .transaction()
      .execute((trx) => thinNote(trx, note.user_id, note.note_id, cutoff));
  }
  return removed;
}

async function thinNote(db: Db, userId: string, noteId: string, cutoff: number): Promise<number> {
  // Holding the note keeps its saves (which add versions) waiting until this is done.
  const stored = await findStoredNote(db, userId, noteId, { forWrite: true });
  if (!stored) return 0;
  const { note } = stored;
  const oldest = await db
    .selectFrom('note_versions')
    .select((eb) => eb.fn.min<number>('revision').as('revision'))
    .where('note_id', '=', noteId)
    .where('kept', '=', 0)
    .where('time_archived', '<', cutoff)
    .executeTakeFirst();
  if (oldest?.revision === null || oldest?.revision === undefined) return 0;
  // The version just before the oldest one going may be stored from it, so it is read too.
  const before = await db
    .selectFrom('note_versions')
    .select((eb) => eb.fn.max<number>('revision').as('revision'))
    .where('note_id', '=', noteId)
    .where('revision', '<', oldest.revision)
    .executeTakeFirst();
  const from = Number(before?.revision ?? oldest.revision);
  const rows = await db
    .selectFrom('note_versions')
    .select(['revision', 'body', 'delta_start', 'delta_end', 'kept', 'time_archived'])
    .where('note_id', '=', noteId)
    .where('revision', '>=', from)
    .orderBy('revision', 'desc')
    .execute();
  // Newest first: `next` is the text of the version above as stored, `kept` that of the
  // nearest one above that stays; a version stored from a text that goes is stored again.
  let next = note.body;
  let kept = note.body;
  let aboveWent = false;
  const gone: number[] = [];
  for (const row of rows) {
    const whole = row.delta_start === null;
    const text = whole
      ? row.body
      : applyDeltaBack(next, {
          start: Number(row.delta_start),
          end: Number(row.delta_end),
          insert: row.body,
        });
    if (row.kept === 0 && Number(row.time_archived) < cutoff) {
      gone.push(Number(row.revision));
      aboveWent = true;
    } else {
      if (!whole && aboveWent) {
        const delta = deltaBack(kept, text);
        await db
          .updateTable('note_versions')
          .set({ body: delta.insert, delta_start: delta.start, delta_end: delta.end })
          .where('note_id', '=', noteId)
          .where('revision', '=', row.revision)
          .execute();
      }
      kept = text;
      aboveWent = false;
    }
    next = text;
  }
  if (gone.length > 0) {
    await db
      .deleteFrom('note_versions')
      .where('note_id', '=', noteId)
      .where('revision', 'in', gone)
      .execute();
  }
  return gone.length;
}
