import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { QUIRE_EXPORT_FORMAT } from '../../shared/note-transfer.js';
import type { AttachmentBlobs } from '../attachments/attachment-blobs.js';
import type { Db } from '../db/schema.js';
import {
  attachmentBytes,
  attachmentsToExport,
  withRelativeReferences,
} from './export-attachments.js';
import { exportLinks } from './export-links.js';
import { noteAsMarkdown } from './front-matter.js';
import { notePages } from './note-pages.js';
import { withZip64End } from './zip64-end.js';

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
  return Readable.from(zipChunks(db, userId, blobs), { objectMode: false });
}

async function* zipChunks(
  db: Db,
  userId: string,
  blobs: AttachmentBlobs | undefined,
): AsyncGenerator<Buffer> {
  const ready: Uint8Array[] = [];
  let failure: Error | undefined;
  let entryCount = 0;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else ready.push(final ? withZip64End(chunk, entryCount) : chunk);
  });
  function* take(): Generator<Buffer> {
    if (failure) throw failure;
    for (const chunk of ready.splice(0)) {
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
  }
  const add = (name: string, mtime: number) => {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = new Date(mtime * 1000);
    zip.add(file);
    entryCount += 1;
    return file;
  };

  const attachments = blobs ? await attachmentsToExport(db, userId) : new Map();
  const links = await exportLinks(db, userId);
  for await (const page of notePages(db, userId)) {
    for (const note of page) {
      const { body, linksWritten } = links.forObsidian(
        withRelativeReferences(note.body, attachments),
      );
      const markdown = noteAsMarkdown({ ...note, body }, linksWritten);
      add(links.fileName(note), note.timeLastModified).push(encoder.encode(markdown), true);
    }
    yield* take();
  }
  for (const attachment of attachments.values()) {
    // Pictures and documents are compressed already: stored as they are.
    const file = new ZipPassThrough(attachment.file);
    file.mtime = new Date();
    zip.add(file);
    entryCount += 1;
    for await (const piece of attachmentBytes(blobs as AttachmentBlobs, userId, attachment)) {
      file.push(piece);
      yield* take();
    }
    file.push(new Uint8Array(0), true);
  }

  // notes.json is written in a second pass, a page at a time, as one streamed entry.
  const json = add('notes.json', Math.floor(Date.now() / 1000));
  json.push(encoder.encode(`{"format":"${QUIRE_EXPORT_FORMAT}","version":1,"notes":[`));
  let first = true;
  for await (const page of notePages(db, userId)) {
    const items = page.map(({ id, body, timeCreated, timeLastModified }) =>
      JSON.stringify({ id, body, timeCreated, timeLastModified }),
    );
    json.push(encoder.encode(`${first ? '' : ','}\n${items.join(',\n')}`));
    first = false;
    yield* take();
  }
  const listed = [...attachments.values()].map(({ id, name, type, size, file }) =>
    JSON.stringify({ id, name, type, size, file }),
  );
  json.push(encoder.encode(`\n],"attachments":[${listed.join(',\n')}]}\n`), true);
  zip.end();
  yield* take();
}
