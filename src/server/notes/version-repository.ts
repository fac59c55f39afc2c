import type { Note } from '../../shared/note.js';
import type { VersionReason, VersionSummary } from '../../shared/note-history.js';
import { versionChange } from '../../shared/version-change.js';
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
 * text being removed, every text set aside), not each keystroke's revision (those stay an hour
 * and are then thinned). Each says what it changed from the listed version before it, so that
 * versions saved seconds apart can be told apart; the texts are rebuilt in one walk back from
 * the note's own.
 */
export async function listVersions(db: Db, note: Note): Promise<VersionSummary[]> {
  const rows = await db
    .selectFrom('note_versions')
    .select([
      'revision',
      'time_last_modified',
      'reason',
      'kept',
      'body',
      'delta_start',
      'delta_end',
    ])
    .where('note_id', '=', note.id)
    .orderBy('revision', 'desc')
    .execute();
  const listed: { summary: Omit<VersionSummary, 'change'>; body: string }[] = [];
  let body = note.body;
  for (const row of rows) {
    body =
      row.delta_start === null
        ? row.body
        : applyDeltaBack(body, {
            start: Number(row.delta_start),
            end: Number(row.delta_end),
            insert: row.body,
          });
    if (Number(row.kept) !== 1) continue;
    listed.push({
      summary: {
        revision: Number(row.revision),
        timeLastModified: Number(row.time_last_modified),
        reason: row.reason,
      },
      body,
    });
  }
  // The oldest listed version is compared with the oldest text still held, or with nothing.
  const oldest = Number(rows.at(-1)?.kept) === 1 ? '' : body;
  return listed.map((version, index) => ({
    ...version.summary,
    change: versionChange(listed[index + 1]?.body ?? oldest, version.body),
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
