import type { Note } from '../../shared/note.js';
import type { VersionReason, VersionSummary } from '../../shared/note-history.js';
import { prepared } from '../db/prepared-query.js';
import type { Db } from '../db/schema.js';
import { applyDeltaBack, deltaBack } from './text-delta.js';

/** A replaced text on its way into history. */
export interface ArchivedText {
  noteId: string;
  userId: string;
  revision: number;
  body: string;
  /** The text that replaces it: a version that is not whole is stored as the way back from it. */
  replacedBy: string;
  timeLastModified: number;
  timeArchived: number;
  reason: VersionReason;
  /** Listed in the note's history; thinning leaves it alone. */
  kept: boolean;
  /** Stored whole (a snapshot), not as the way back from the text that replaces it. */
  whole: boolean;
}

/** A version's row: a snapshot whole, any other version as the way back from the next one. */
export interface VersionRow {
  noteId: string;
  userId: string;
  revision: number;
  body: string;
  deltaStart: number | null;
  deltaEnd: number | null;
  timeLastModified: number;
  timeArchived: number;
  reason: VersionReason;
  kept: number;
}

export function versionRow(text: ArchivedText): VersionRow {
  const delta = text.whole ? undefined : deltaBack(text.replacedBy, text.body);
  return {
    noteId: text.noteId,
    userId: text.userId,
    revision: text.revision,
    body: delta ? delta.insert : text.body,
    deltaStart: delta ? delta.start : null,
    deltaEnd: delta ? delta.end : null,
    timeLastModified: text.timeLastModified,
    timeArchived: text.timeArchived,
    reason: text.reason,
    kept: text.kept ? 1 : 0,
  };
}

export const insertVersion = prepared((db: Db, p: VersionRow) =>
  db.insertInto('note_versions').values({
    note_id: p.noteId,
    user_id: p.userId,
    revision: p.revision,
    body: p.body,
    delta_start: p.deltaStart,
    delta_end: p.deltaEnd,
    time_last_modified: p.timeLastModified,
    time_archived: p.timeArchived,
    reason: p.reason,
    kept: p.kept,
  }),
);

/**
 * The text of one past revision of a note, when history still holds it: a snapshot as stored,
 * or else rebuilt from the nearest newer whole text (a snapshot, or the note itself) by undoing
 * each newer version's change in turn, each stored as the way back from the next one present.
 */
export async function findVersionBody(
  db: Db,
  note: Note,
  revision: number,
): Promise<{ body: string; timeLastModified: number } | undefined> {
  const wanted = await db
    .selectFrom('note_versions')
    .select(['delta_start', 'time_last_modified'])
    .where('note_id', '=', note.id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  if (!wanted || revision >= note.revision) return undefined;
  const whole = await db
    .selectFrom('note_versions')
    .select(['revision', 'body'])
    .where('note_id', '=', note.id)
    .where('revision', '>=', revision)
    .where('delta_start', 'is', null)
    .orderBy('revision')
    .limit(1)
    .executeTakeFirst();
  const top = whole ? Number(whole.revision) : note.revision;
  const steps = await db
    .selectFrom('note_versions')
    .select(['body', 'delta_start', 'delta_end'])
    .where('note_id', '=', note.id)
    .where('revision', '>=', revision)
    .where('revision', '<', top)
    .orderBy('revision', 'desc')
    .execute();
  let body = whole ? whole.body : note.body;
  for (const step of steps) {
    body = applyDeltaBack(body, {
      start: Number(step.delta_start),
      end: Number(step.delta_end),
      insert: step.body,
    });
  }
  return { body, timeLastModified: Number(wanted.time_last_modified) };
}

/**
 * A note's history as people see it, newest first: its listed versions (each pause in typing,
 * text being removed, every text set aside), not each keystroke's revision (those stay an hour,
 * as merge bases, and are then thinned).
 */
export async function listVersions(db: Db, noteId: string): Promise<VersionSummary[]> {
  const rows = await db
    .selectFrom('note_versions')
    .select(['revision', 'time_last_modified', 'reason'])
    .where('note_id', '=', noteId)
    .where('kept', '=', 1)
    .orderBy('revision', 'desc')
    .execute();
  return rows.map((row) => ({
    revision: Number(row.revision),
    timeLastModified: Number(row.time_last_modified),
    reason: row.reason,
  }));
}

/** A past version as a Note: the note with that revision's text and time. */
export function versionAsNote(
  note: Note,
  revision: number,
  version: { body: string; timeLastModified: number },
): Note {
  return { ...note, body: version.body, timeLastModified: version.timeLastModified, revision };
}
