import { QUIRE_EXPORT_FORMAT, type QuireExport } from '../../../shared/note-transfer.js';
import { PartFailure } from './import-error.js';
import { eachPart, type ParsedImport } from './imported-note.js';

/** True for the `notes.json` of Quire's own export. */
export const isQuireExport = (data: unknown): data is QuireExport =>
  typeof data === 'object' &&
  data !== null &&
  (data as { format?: unknown }).format === QUIRE_EXPORT_FORMAT &&
  Array.isArray((data as { notes?: unknown }).notes);

const isTime = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

/** Quire's notes come back exactly: the same bodies and times, keyed by their old ids. */
export function readQuireExport(name: string, data: QuireExport): ParsedImport {
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
        sourceKey: `quire:${note.id}`,
        body: note.body,
        timeCreated: note.timeCreated,
        timeLastModified: note.timeLastModified,
      };
    });
    if (read) result.notes.push(read);
  });
  return result;
}
