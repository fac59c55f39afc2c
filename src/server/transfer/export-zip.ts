import { Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import { QUIRE_EXPORT_FORMAT } from '../../shared/note-transfer.js';
import type { Db } from '../db/database.js';
import { ExportFileNames } from './export-file-name.js';
import { noteAsMarkdown } from './front-matter.js';
import { notePages } from './note-pages.js';
import { withZip64End } from './zip64-end.js';

const encoder = new TextEncoder();

/**
 * Makes the zip of every note in the list: one Markdown file per note, then `notes.json` with
 * the exact notes. It is pulled, not pushed: the next page of notes is read only when the
 * reader has taken what came before, so memory stays at a page however large the account.
 */
export function exportZip(db: Db, userId: string): Readable {
  return Readable.from(zipChunks(db, userId), { objectMode: false });
}

async function* zipChunks(db: Db, userId: string): AsyncGenerator<Buffer> {
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

  const names = new ExportFileNames();
  for await (const page of notePages(db, userId)) {
    for (const note of page) {
      add(names.next(note.body), note.timeLastModified).push(
        encoder.encode(noteAsMarkdown(note)),
        true,
      );
    }
    yield* take();
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
  json.push(encoder.encode('\n]}\n'), true);
  zip.end();
  yield* take();
}
