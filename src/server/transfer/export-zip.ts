import type { Readable } from 'node:stream';
import { QUIRE_EXPORT_FORMAT } from '../../shared/note-transfer.js';
import type { AttachmentBlobs } from '../attachments/attachment-blobs.js';
import type { Db } from '../db/schema.js';
import {
  attachmentBytes,
  attachmentsToExport,
  type ExportedAttachment,
  withRelativeReferences,
} from './export-attachments.js';
import { exportLinks } from './export-links.js';
import { noteAsMarkdown } from './front-matter.js';
import { notePages } from './note-pages.js';
import { StreamedZip } from './streamed-zip.js';

const encoder = new TextEncoder();

/**
 * Makes the zip of every note in the list: one Markdown file per note, named by its title and
 * with its links naming the files (a vault Obsidian opens), each attachment they refer to once
 * under `attachments/` (the notes' files refer to it there, by relative path),
 * then `notes.json` with the exact notes and the attachments' ids. It is pulled, not pushed:
 * the next page of notes, or piece of a file, is read only when the reader has taken what came
 * before, so memory stays at a page however large the account.
 */
export function exportZip(db: Db, userId: string, blobs?: AttachmentBlobs): Readable {
  const zip = new StreamedZip();
  writeEntries(zip, db, userId, blobs).catch((error: Error) => zip.fail(error));
  return zip.output;
}

async function writeEntries(
  zip: StreamedZip,
  db: Db,
  userId: string,
  blobs: AttachmentBlobs | undefined,
): Promise<void> {
  const attachments = blobs ? await attachmentsToExport(db, userId) : new Map();
  const links = await exportLinks(db, userId);
  for await (const page of notePages(db, userId)) {
    for (const note of page) {
      const { body, linksWritten } = links.forObsidian(
        withRelativeReferences(note.body, attachments),
      );
      const markdown = encoder.encode(noteAsMarkdown({ ...note, body }, linksWritten));
      zip.addDeflated(links.fileName(note), new Date(note.timeLastModified * 1000), () => [
        markdown,
      ]);
    }
    await zip.taken();
    if (zip.gone) return;
  }
  for (const attachment of attachments.values()) {
    // Pictures and documents are compressed already: stored as they are.
    zip.addStored(attachment.file, new Date(), () =>
      attachmentBytes(blobs as AttachmentBlobs, userId, attachment),
    );
  }
  // notes.json is written in a second pass, a page at a time, as one streamed entry.
  zip.addDeflated('notes.json', new Date(), () => notesJson(db, userId, attachments));
  zip.end();
}

/** `notes.json`: the exact notes, read again a page at a time, then the attachments listed. */
async function* notesJson(
  db: Db,
  userId: string,
  attachments: ReadonlyMap<string, ExportedAttachment>,
): AsyncGenerator<Uint8Array> {
  yield encoder.encode(`{"format":"${QUIRE_EXPORT_FORMAT}","version":1,"notes":[`);
  let first = true;
  for await (const page of notePages(db, userId)) {
    const items = page.map(({ id, body, timeCreated, timeLastModified }) =>
      JSON.stringify({ id, body, timeCreated, timeLastModified }),
    );
    yield encoder.encode(`${first ? '' : ','}\n${items.join(',\n')}`);
    first = false;
  }
  const listed = [...attachments.values()].map(({ id, name, type, size, file }) =>
    JSON.stringify({ id, name, type, size, file }),
  );
  yield encoder.encode(`\n],"attachments":[${listed.join(',\n')}]}\n`);
}
