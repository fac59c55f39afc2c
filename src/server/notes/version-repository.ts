import type { Note } from '../../shared/note.js';
import type { VersionReason, VersionSummary } from '../../shared/note-history.js';
import type { Db } from '../db/database.js';
import { prepared } from '../db/prepared-query.js';
import { applyDeltaBack, deltaBack } from './text-delta.js';

/** A replaced text on its way into history. */
export interface ArchivedText {
  noteId: string;
  userId: string;
  revision: number;
  body: string;
  /** The text that replaces it: a revision that is not kept is stored as the way back from it. */
  replacedBy: string;
  timeLastModified: number;
  timeArchived: number;
  reason: VersionReason;
  /** A snapshot that thinning leaves alone. */
  kept: boolean;
}

/** A version's row: a snapshot whole, any other revision as the way back from its successor. */
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
  const delta = text.kept ? undefined : deltaBack(text.replacedBy, text.body);
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
 * each later revision's change in turn.
 */
export async function findVersionBody(
  db: Db,
  note: Note,
  revision: number,
): Promise<{ body: string; timeLastModified: number } | undefined> {
  const rows = await db
    .selectFrom('note_versions')
    .select(['revision', 'body', 'delta_start', 'delta_end', 'time_last_modified'])
    .where('note_id', '=', note.id)
    .where('revision', '>=', revision)
    .where('revision', '<', note.revision)
    .orderBy('revision')
    .execute();
  const wanted = rows[0];
  if (!wanted || Number(wanted.revision) !== revision) return undefined;
  // Climb to the nearest whole text; every revision on the way must still be there.
  let top = 0;
  while (top < rows.length && rows[top]?.delta_start !== null) {
    if (Number(rows[top]?.revision) !== revision + top) return undefined;
    top += 1;
  }
  const whole = rows[top];
  if (whole ? Number(whole.revision) !== revision + top : revision + top !== note.revision) {
    return undefined;
  }
  let body = whole ? whole.body : note.body;
  for (let i = top - 1; i >= 0; i -= 1) {
    const row = rows[i] as (typeof rows)[number];
    body = applyDeltaBack(body, {
      start: Number(row.delta_start),
      end: Number(row.delta_end),
      insert: row.body,
    });
  }
  return { body, timeLastModified: Number(wanted.time_last_modified) };
}

/**
 * A note's history as people see it, newest first: its snapshots and every text set aside, not
 * each keystroke's revision (those stay an hour, as merge bases, and are then thinned).
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
