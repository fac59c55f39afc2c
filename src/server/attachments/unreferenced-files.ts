import type { Db } from '../db/schema.js';
import type { AttachmentBlobs } from './attachment-blobs.js';
import { referencedIds } from './attachment-id.js';
import type { ReferencesRead } from './references-read.js';

/** Texts read per query while looking for references. */
const PAGE = 200;

/** Every attachment id the account's notes refer to: in the list, the trash, or history. */
async function readReferences(db: Db, userId: string): Promise<Set<string>> {
  const found = new Set<string>();
  let after = '';
  for (;;) {
    const notes = await db
      .selectFrom('notes')
      .select(['id', 'body'])
      .where('user_id', '=', userId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const note of notes) for (const id of referencedIds(note.body)) found.add(id);
    if (notes.length < PAGE) break;
    after = notes[notes.length - 1]?.id ?? after;
  }
  let afterVersion = { noteId: '', revision: 0 };
  for (;;) {
    const { noteId, revision } = afterVersion;
    const versions = await db
      .selectFrom('note_versions')
      .select(['note_id', 'revision', 'body'])
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('note_id', '>', noteId),
          eb.and([eb('note_id', '=', noteId), eb('revision', '>', revision)]),
        ]),
      )
      .orderBy('note_id')
      .orderBy('revision')
      .limit(PAGE)
      .execute();
    for (const version of versions) for (const id of referencedIds(version.body)) found.add(id);
    if (versions.length < PAGE) break;
    const last = versions[versions.length - 1];
    if (last) afterVersion = { noteId: last.note_id, revision: Number(last.revision) };
  }
  return found;
}

/**
 * Removes attachments that no note, trashed note or version of their account refers to: an
 * upload never saved into a note once it is older than `graceSeconds`, one that was referred to
 * once `keepSeconds` after it last was (history keeps most versions only as the way back from
 * the next, so a reference it still shows may not stand whole in any row); and uploads that
 * never finished. Then removes files of accounts that no longer exist. With `known`, an account
 * whose notes did not change since an earlier pass read them is not read again.
 */
export async function removeUnreferencedFiles(
  db: Db,
  blobs: AttachmentBlobs,
  options: { now: number; graceSeconds: number; keepSeconds: number; known?: ReferencesRead },
): Promise<{ removed: number; accountsGone: number }> {
  const old = await db
    .selectFrom('attachments')
    .select(['id', 'user_id', 'sha256', 'time_referenced'])
    .where('time_created', '<', options.now - options.graceSeconds)
    .orderBy('user_id')
    .execute();
  const byUser = new Map<string, typeof old>();
  for (const row of old) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  let removed = 0;
  for (const [userId, rows] of byUser) {
    const referenced = options.known
      ? await options.known.of(db, userId, () => readReferences(db, userId))
      : await readReferences(db, userId);
    const seen = rows.filter((row) => row.sha256 !== null && referenced.has(row.id));
    if (seen.length > 0) {
      await db
        .updateTable('attachments')
        .set({ time_referenced: options.now })
        .where(
          'id',
          'in',
          seen.map((row) => row.id),
        )
        .execute();
    }
    for (const row of rows) {
      if (row.sha256 !== null && referenced.has(row.id)) continue;
      const lastSeen = row.time_referenced === null ? null : Number(row.time_referenced);
      if (
        row.sha256 !== null &&
        lastSeen !== null &&
        lastSeen > options.now - options.keepSeconds
      ) {
        continue;
      }
      await blobs.remove(userId, row.id);
      await db.deleteFrom('attachments').where('id', '=', row.id).execute();
      removed += 1;
    }
  }
  options.known?.endPass();
  const users = await db.selectFrom('users').select('id').execute();
  const accountsGone = await blobs.removeAccountsOtherThan(new Set(users.map((user) => user.id)));
  return { removed, accountsGone };
}
