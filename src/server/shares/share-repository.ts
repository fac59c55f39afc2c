import type { Updateable } from 'kysely';
import { plainTitle } from '../../shared/note-display.js';
import type { ShareInfo } from '../../shared/shares.js';
import { prepared } from '../db/prepared-query.js';
import type { Db, ShareTable } from '../db/schema.js';

/** What a link shows: one note, or the listed notes carrying a tag (and its nested tags). */
export type ShareSubject =
  | { noteId: string; tag: null; nestedTags: false }
  | { noteId: null; tag: string; nestedTags: boolean };

export type NewShare = ShareSubject & {
  id: string;
  userId: string;
  tokenHash: string;
  tokenHint: string;
  passwordHash: string | null;
  allowSearchEngines: boolean;
  timeCreated: number;
  timeExpires: number | null;
};

/** What changes in a link: only what is given. */
export interface ShareChanges {
  passwordHash?: string | null;
  allowSearchEngines?: boolean;
  timeExpires?: number | null;
}

/** A link as its page sees it: enough to check it and show its notes, nothing of its owner. */
export type OpenShare = ShareSubject & {
  id: string;
  userId: string;
  passwordHash: string | null;
  allowSearchEngines: boolean;
  timeExpires: number | null;
  /** The revision of a note's link's note as the link was read: which page it shows now. */
  noteRevision: number | null;
};

/** The subject of a stored row: a note's link has a note, a tag's link its tag. */
function subjectOf(row: {
  noteId: string | null;
  tag: string | null;
  nestedTags: number | string;
}): ShareSubject {
  return row.noteId !== null
    ? { noteId: row.noteId, tag: null, nestedTags: false }
    : { noteId: null, tag: row.tag ?? '', nestedTags: Number(row.nestedTags) === 1 };
}

const optionalNumber = (value: number | string | null) => (value === null ? null : Number(value));

export async function insertShare(db: Db, share: NewShare): Promise<void> {
  await db
    .insertInto('shares')
    .values({
      id: share.id,
      user_id: share.userId,
      note_id: share.noteId,
      tag: share.tag,
      nested_tags: share.nestedTags ? 1 : 0,
      token_hash: share.tokenHash,
      token_hint: share.tokenHint,
      password_hash: share.passwordHash,
      allow_search_engines: share.allowSearchEngines ? 1 : 0,
      time_created: share.timeCreated,
      time_expires: share.timeExpires,
      time_last_view: null,
    })
    .execute();
}

export async function countSharesOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('shares')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The user's links, newest first, expired ones too (so their owner sees why one is dead). */
export async function listSharesOfUser(
  db: Db,
  userId: string,
  only?: { id: string },
): Promise<ShareInfo[]> {
  let query = db
    .selectFrom('shares')
    .leftJoin('notes', 'notes.id', 'shares.note_id')
    .select([
      'shares.id as id',
      'shares.note_id as noteId',
      'shares.tag as tag',
      'shares.nested_tags as nestedTags',
      'notes.body as body',
      'shares.token_hint as hint',
      'shares.time_created as timeCreated',
      'shares.time_expires as timeExpires',
      'shares.password_hash as passwordHash',
      'shares.allow_search_engines as allowSearchEngines',
      'shares.views as views',
      'shares.time_last_view as timeLastView',
    ])
    .where('shares.user_id', '=', userId);
  if (only) query = query.where('shares.id', '=', only.id);
  const rows = await query.orderBy('shares.time_created', 'desc').orderBy('shares.id').execute();
  return rows.map((row) => ({
    id: row.id,
    ...subjectOf(row),
    title: row.noteId === null ? `#${row.tag}` : plainTitle(row.body ?? ''),
    hint: row.hint,
    timeCreated: Number(row.timeCreated),
    timeExpires: optionalNumber(row.timeExpires),
    hasPassword: row.passwordHash !== null,
    allowSearchEngines: Number(row.allowSearchEngines) === 1,
    views: Number(row.views),
    timeLastView: optionalNumber(row.timeLastView),
  }));
}

/** Changes one of a user's links; false when the user has no link with that id. */
export async function updateShareOfUser(
  db: Db,
  userId: string,
  id: string,
  changes: ShareChanges,
): Promise<boolean> {
  const set: Updateable<ShareTable> = {};
  if (changes.passwordHash !== undefined) set.password_hash = changes.passwordHash;
  if (changes.timeExpires !== undefined) set.time_expires = changes.timeExpires;
  if (changes.allowSearchEngines !== undefined) {
    set.allow_search_engines = changes.allowSearchEngines ? 1 : 0;
  }
  let query = db.updateTable('shares').where('id', '=', id).where('user_id', '=', userId);
  // Nothing to change still says whether the link is there.
  query = Object.keys(set).length > 0 ? query.set(set) : query.set({ id });
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes one of a user's links, or all of them; returns the ids of those that went. */
export async function deleteSharesOfUser(
  db: Db,
  userId: string,
  only?: { id: string },
): Promise<string[]> {
  let query = db.deleteFrom('shares').where('user_id', '=', userId);
  if (only) query = query.where('id', '=', only.id);
  const gone = await query.returning('id').execute();
  return gone.map((row) => row.id);
}

/** Removes the links to a note (it went to the trash); returns their ids. */
export async function deleteSharesOfNote(
  db: Db,
  userId: string,
  noteId: string,
): Promise<string[]> {
  const gone = await db
    .deleteFrom('shares')
    .where('user_id', '=', userId)
    .where('note_id', '=', noteId)
    .returning('id')
    .execute();
  return gone.map((row) => row.id);
}

const openShareQuery = prepared((db: Db, p: { tokenHash: string; now: number }) =>
  db
    .selectFrom('shares')
    .leftJoin('notes', 'notes.id', 'shares.note_id')
    .select([
      'shares.id as id',
      'shares.user_id as userId',
      'shares.note_id as noteId',
      'shares.tag as tag',
      'shares.nested_tags as nestedTags',
      'shares.password_hash as passwordHash',
      'shares.allow_search_engines as allowSearchEngines',
      'shares.time_expires as timeExpires',
      'notes.revision as noteRevision',
    ])
    .where('shares.token_hash', '=', p.tokenHash)
    .where((eb) => eb.or([eb('shares.note_id', 'is', null), eb('notes.time_deleted', 'is', null)]))
    .where((eb) =>
      eb.or([eb('shares.time_expires', 'is', null), eb('shares.time_expires', '>', p.now)]),
    ),
);

/**
 * The link a token's hash names, if it has not expired and, for a note's link, its note is in
 * the list. Every page reads it, so it is compiled once.
 */
export async function findOpenShare(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<OpenShare | undefined> {
  const row = await openShareQuery.executeTakeFirst(db, { tokenHash, now });
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.userId,
    ...subjectOf(row),
    passwordHash: row.passwordHash,
    allowSearchEngines: Number(row.allowSearchEngines) === 1,
    timeExpires: optionalNumber(row.timeExpires),
    noteRevision: optionalNumber(row.noteRevision),
  };
}
