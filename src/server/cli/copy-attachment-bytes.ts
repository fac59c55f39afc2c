import type { Kysely } from 'kysely';
import type { AttachmentBlobs } from '../attachments/attachment-blobs.js';
import { DatabaseBlobs } from '../attachments/database-blobs.js';
import { DiskBlobs } from '../attachments/disk-blobs.js';
import { type DatabaseLocation, loadAttachmentConfig } from '../config.js';
import type { DatabaseSchema } from '../db/schema.js';

const PAGE = 200;

/** Where a database keeps its attachments by default; `db` may be a transaction. */
function blobsOf(location: DatabaseLocation, db: Kysely<DatabaseSchema>): AttachmentBlobs {
  const settings = loadAttachmentConfig({}, location);
  return settings && settings.storage === 'disk'
    ? new DiskBlobs(settings.dir)
    : new DatabaseBlobs(db);
}

/**
 * The attachments' bytes, from where the source keeps them to where the target does: each
 * database's own place (files beside an SQLite database, rows in PostgreSQL), so a move from
 * SQLite to PostgreSQL takes the files into the database. Rows of the database backend are
 * read and written inside the copy's transactions. Returns how many files were copied.
 */
export async function copyAttachmentBytes(
  source: { location: DatabaseLocation; db: Kysely<DatabaseSchema> },
  target: { location: DatabaseLocation; db: Kysely<DatabaseSchema> },
  progress: (line: string) => void,
): Promise<number> {
  const from = blobsOf(source.location, source.db);
  const to = blobsOf(target.location, target.db);
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
      const bytes = from.read(row.user_id, row.id, { start: 0, end: Number(row.size) - 1 });
      await to.write(row.user_id, row.id, bytes);
      copied += 1;
    }
    if (rows.length > 0) progress(`copied the bytes of ${copied} attachments`);
    if (rows.length < PAGE) return copied;
    after = rows[rows.length - 1]?.id ?? after;
  }
}
