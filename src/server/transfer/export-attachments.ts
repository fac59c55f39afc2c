import type { AttachmentBlobs } from '../attachments/attachment-blobs.js';
import { referencedIds } from '../attachments/attachment-id.js';
import type { Db } from '../db/schema.js';
import { ExportAttachmentNames } from './export-file-name.js';
import { notePages } from './note-pages.js';

/** An attachment as the export writes it: once, under `attachments/`, whichever notes use it. */
export interface ExportedAttachment {
  id: string;
  name: string;
  type: string;
  size: number;
  /** Its path inside the zip. */
  file: string;
}

const IDS_PER_QUERY = 500;

/** Every attachment the notes in the list refer to, with the path each gets in the zip. */
export async function attachmentsToExport(
  db: Db,
  userId: string,
): Promise<Map<string, ExportedAttachment>> {
  const wanted = new Set<string>();
  for await (const page of notePages(db, userId)) {
    for (const note of page) for (const id of referencedIds(note.body)) wanted.add(id);
  }
  const ids = [...wanted];
  const found = new Map<string, ExportedAttachment>();
  const names = new ExportAttachmentNames();
  for (let at = 0; at < ids.length; at += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom('attachments')
      .select(['id', 'name', 'type', 'size'])
      .where('user_id', '=', userId)
      .where('id', 'in', ids.slice(at, at + IDS_PER_QUERY))
      .where('sha256', 'is not', null)
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const file = names.next(row.name);
      found.set(row.id, {
        id: row.id,
        name: row.name,
        type: row.type,
        size: Number(row.size),
        file,
      });
    }
  }
  return found;
}

/** A path as a Markdown link target: relative, and with nothing that ends the link. */
const linkTarget = (file: string) => encodeURI(file).replace(/\(/g, '%28').replace(/\)/g, '%29');

/** A note's text with its references to exported attachments made relative paths in the zip. */
export function withRelativeReferences(
  body: string,
  exported: ReadonlyMap<string, ExportedAttachment>,
): string {
  if (exported.size === 0) return body;
  return body.replace(/\/api\/attachments\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/g, (whole, id) => {
    const attachment = exported.get(id);
    return attachment ? linkTarget(attachment.file) : whole;
  });
}

/** The bytes of one attachment as they come from storage. */
export function attachmentBytes(
  blobs: AttachmentBlobs,
  userId: string,
  attachment: ExportedAttachment,
): AsyncIterable<Uint8Array> {
  return blobs.read(userId, attachment.id, { start: 0, end: attachment.size - 1 });
}
