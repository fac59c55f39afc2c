import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AttachmentBlobs } from '../attachments/attachment-blobs.js';
import { DatabaseBlobs } from '../attachments/database-blobs.js';
import { DiskBlobs } from '../attachments/disk-blobs.js';
import { loadAttachmentConfig } from '../config.js';
import type { DatabaseLocation } from '../db/location.js';
import type { DatabaseSchema } from '../db/schema.js';
import { CliError } from './cli-error.js';

const PAGE = 200;

/** Where one side of a copy keeps its attachments' bytes: a folder, or its database's rows. */
export type AttachmentPlace = { dir: string } | 'database';

/** An --from-attachments/--to-attachments value: `database`, or a folder's path. */
export function attachmentPlaceOption(value: string): AttachmentPlace {
  return value.trim().toLowerCase() === 'database' ? 'database' : { dir: path.resolve(value) };
}

/** Where a database keeps its attachments (by default, or as told); `db` may be a transaction. */
function blobsOf(
  location: DatabaseLocation,
  db: Kysely<DatabaseSchema>,
  place: AttachmentPlace | undefined,
): { blobs: AttachmentBlobs; where: string } {
  if (place === 'database') return { blobs: new DatabaseBlobs(db), where: 'the database' };
  if (place) return { blobs: new DiskBlobs(place.dir), where: place.dir };
  const settings = loadAttachmentConfig({}, location);
  return settings && settings.storage === 'disk'
    ? { blobs: new DiskBlobs(settings.dir), where: settings.dir }
    : { blobs: new DatabaseBlobs(db), where: 'the database' };
}

type Side = { location: DatabaseLocation; db: Kysely<DatabaseSchema>; place?: AttachmentPlace };

/**
 * The attachments' bytes, from where the source keeps them to where the target does: each
 * database's own place (files beside an SQLite database, rows in PostgreSQL) unless told
 * otherwise, so a move from SQLite to PostgreSQL takes the files into the database. Rows of
 * the database backend are read and written inside the copy's transactions. Returns how many
 * files were copied; a file missing from the source stops the copy, saying where it looked.
 */
export async function copyAttachmentBytes(
  source: Side,
  target: Side,
  progress: (line: string) => void,
): Promise<number> {
  const from = blobsOf(source.location, source.db, source.place);
  const to = blobsOf(target.location, target.db, target.place);
  let copied = 0;
  let after = '';
  for (;;) {
    const rows = await source.db
      .selectFrom('attachments')
      .select(['id', 'user_id', 'size'])
      .where('sha256', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const bytes = from.blobs.read(row.user_id, row.id, { start: 0, end: Number(row.size) - 1 });
      // A file that is not there fails before the writer reads: the writer's read then throws.
      bytes.on('error', () => {});
      try {
        await to.blobs.write(row.user_id, row.id, bytes);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        throw new CliError(
          `the bytes of attachment ${row.id} are not in ${from.where}; if the source keeps its attachments elsewhere (ATTACHMENT_DIR, ATTACHMENT_STORAGE), name the place with --from-attachments`,
        );
      }
      copied += 1;
    }
    if (rows.length > 0) progress(`copied the bytes of ${copied} attachments`);
    if (rows.length < PAGE) return copied;
    after = rows[rows.length - 1]?.id ?? after;
  }
}
