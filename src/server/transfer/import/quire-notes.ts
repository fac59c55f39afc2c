import { QUIRE_EXPORT_FORMAT, type QuireExport } from '../../../shared/note-transfer.js';
import { PartFailure } from './import-error.js';
import { ImportedFiles } from './imported-files.js';
import { eachPart, type ParsedImport } from './imported-note.js';
import { cameInWithout } from './missing-file.js';
import type { ZipFileEntry } from './safe-zip.js';

/** How an imported note from Quire's own export names its id there (`quire:ID`). */
export const QUIRE_SOURCE = 'quire:';

const REFERENCE = /\/api\/attachments\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/g;

/**
 * The attachments an export lists, found in its zip: each note's references to them are
 * pointed at their marks; a reference to one the zip lacks stays as written and is listed.
 */
function withAttachments(
  name: string,
  data: QuireExport,
  entries: readonly ZipFileEntry[],
  result: ParsedImport,
) {
  const files = new ImportedFiles();
  const inZip = new Map(entries.map((entry) => [entry.path, entry]));
  const marks = new Map<string, string>();
  for (const listed of Array.isArray(data.attachments) ? data.attachments : []) {
    if (typeof listed?.id !== 'string' || typeof listed.file !== 'string') continue;
    const entry = inZip.get(listed.file);
    const fileName = typeof listed.name === 'string' ? listed.name : listed.file;
    if (entry)
      marks.set(
        listed.id,
        files.mark(`quire:${listed.id}`, fileName, () => entry.data),
      );
  }
  for (const note of result.notes) {
    note.body = note.body.replace(REFERENCE, (whole, id: string) => {
      const mark = marks.get(id);
      if (mark) return mark;
      cameInWithout(result, `${name} (${note.sourceKey})`, id);
      return whole;
    });
  }
  result.files = files.result();
}

/** True for the `notes.json` of Quire's own export. */
export const isQuireExport = (data: unknown): data is QuireExport =>
  typeof data === 'object' &&
  data !== null &&
  (data as { format?: unknown }).format === QUIRE_EXPORT_FORMAT &&
  Array.isArray((data as { notes?: unknown }).notes);

const isTime = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Quire's notes come back exactly: the same bodies and times, keyed by their old ids, and
 * their attachments (from the zip's `entries`) referred to in the same form, by new ids.
 */
export function readQuireExport(
  name: string,
  data: QuireExport,
  entries: readonly ZipFileEntry[] = [],
): ParsedImport {
  const result: ParsedImport = { notes: [], failed: [] };
  data.notes.forEach((note, index) => {
    const read = eachPart(`${name} (note ${index + 1})`, result.failed, () => {
      if (typeof note?.body !== 'string' || typeof note.id !== 'string') {
        throw new PartFailure('a note without an id or a body');
      }
      if (!isTime(note.timeCreated) || !isTime(note.timeLastModified)) {
        throw new PartFailure('a note without valid times');
      }
      return {
        sourceKey: `${QUIRE_SOURCE}${note.id}`,
        body: note.body,
        timeCreated: note.timeCreated,
        timeLastModified: note.timeLastModified,
      };
    });
    if (read) result.notes.push(read);
  });
  withAttachments(name, data, entries, result);
  return result;
}
