import { PartFailure } from './import-error.js';
import { eachPart, type ParsedImport, seconds } from './imported-note.js';
import { withTags } from './tag-word.js';

interface SimplenoteNote {
  id?: unknown;
  content?: unknown;
  creationDate?: unknown;
  lastModified?: unknown;
  tags?: unknown;
}

/** True for Simplenote's export (`notes.json`: `{activeNotes, trashedNotes}`). */
export const isSimplenoteExport = (data: unknown): boolean =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as { activeNotes?: unknown }).activeNotes);

/** Simplenote keeps the title as the first line already; its tags become `#tags`. Trash stays out. */
export function readSimplenote(
  name: string,
  data: { activeNotes: SimplenoteNote[] },
): ParsedImport {
  const result: ParsedImport = { notes: [], failed: [] };
  data.activeNotes.forEach((note, index) => {
    const label = `${name} (note ${index + 1})`;
    const read = eachPart(label, result.failed, () => {
      if (typeof note?.content !== 'string') throw new PartFailure('a note without text');
      const tags = Array.isArray(note.tags) ? note.tags.filter((t) => typeof t === 'string') : [];
      return {
        sourceKey: `simplenote:${typeof note.id === 'string' ? note.id : index}`,
        body: withTags(note.content.replace(/\r\n/g, '\n'), tags),
        timeCreated: seconds(note.creationDate),
        timeLastModified: seconds(note.lastModified),
      };
    });
    if (read) result.notes.push(read);
  });
  return result;
}
