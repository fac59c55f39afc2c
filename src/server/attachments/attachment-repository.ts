import type { Attachment } from '../../shared/attachment.js';
import type { Db } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';

/** A stored attachment as the server knows it: what the API shows, and its digest. */
export interface StoredAttachment extends Attachment {
  sha256: string;
}

const COLUMNS = ['id', 'name', 'type', 'size', 'sha256'] as const;

function stored(row: {
  id: string;
  name: string;
  type: string;
  size: number | string;
  sha256: string | null;
}): StoredAttachment {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    size: Number(row.size),
    sha256: row.sha256 ?? '',
  };
}

/** A row for an upload that has begun; it has no digest until `completeUpload`. */
export async function beginUpload(
  db: Db,
  upload: { id: string; userId: string; name: string; now: number },
): Promise<void> {
  await db
    .insertInto('attachments')
    .values({
      id: upload.id,
      user_id: upload.userId,
      sha256: null,
      name: upload.name,
      type: 'application/octet-stream',
      size: 0,
      time_created: upload.now,
    })
    .execute();
}

/**
 * Records a whole upload. When the account holds the same bytes already, that attachment is
 * the answer and `duplicate` is true: the caller forgets the new copy. The file then counts
 * as uploaded `now`, so clean-up gives it a new upload's grace before a note must refer to it.
 */
export async function completeUpload(
  db: Db,
  userId: string,
  id: string,
  file: { sha256: string; type: string; size: number },
  now: number,
): Promise<{ attachment: StoredAttachment; duplicate: boolean }> {
  const existing = await findBySha256(db, userId, file.sha256);
  if (existing)
    return { attachment: await uploadedAgain(db, existing, userId, now), duplicate: true };
  try {
    await db
      .updateTable('attachments')
      .set({ sha256: file.sha256, type: file.type, size: file.size })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  } catch (error) {
    // The same file finished arriving in another request first.
    const winner = isUniqueViolation(error)
      ? await findBySha256(db, userId, file.sha256)
      : undefined;
    if (winner)
      return { attachment: await uploadedAgain(db, winner, userId, now), duplicate: true };
    throw error;
  }
  const attachment = await findAttachment(db, userId, id);
  if (!attachment) throw new Error('an upload vanished as it completed');
  return { attachment, duplicate: false };
}

async function uploadedAgain(
  db: Db,
  attachment: StoredAttachment,
  userId: string,
  now: number,
): Promise<StoredAttachment> {
  await db
    .updateTable('attachments')
    .set({ time_created: now })
    .where('id', '=', attachment.id)
    .where('user_id', '=', userId)
    .where('time_created', '<', now)
    .execute();
  return attachment;
}

async function findBySha256(db: Db, userId: string, sha256: string) {
  const row = await db
    .selectFrom('attachments')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row && stored(row);
}

/** A whole attachment of the user's; undefined for another's, an unknown or an unfinished one. */
export async function findAttachment(
  db: Db,
  userId: string,
  id: string,
): Promise<StoredAttachment | undefined> {
  const row = await db
    .selectFrom('attachments')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('sha256', 'is not', null)
    .executeTakeFirst();
  return row && stored(row);
}

/** Bytes the account holds, uploads under way included. */
export async function bytesUsed(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('size'), eb.lit(0)).as('used'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/** Forgets an attachment's row (its chunks go with it). */
export async function deleteAttachmentRow(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom('attachments').where('id', '=', id).where('user_id', '=', userId).execute();
}
