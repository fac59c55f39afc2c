import type { ImportedNote, ParsedImport } from './imported-note.js';

const MIB = 1024 * 1024;

/** Bytes of the JSON a client sends to save this note (`PUT /api/notes`), as saves are measured. */
function saveBytes(body: string): number {
  const note = {
    id: '00000000-0000-0000-0000-000000000000',
    body,
    timeCreated: 9_999_999_999,
    timeLastModified: 9_999_999_999,
    revision: 999_999,
  };
  return Buffer.byteLength(JSON.stringify(note));
}

const size = (bytes: number) =>
  bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${Math.round(bytes / 1024)} KiB`;

/** Why a note cannot be stored as it is, or undefined when it can. */
function whyNotStorable(note: ImportedNote, maxNoteBytes: number): string | undefined {
  // A lone UTF-16 surrogate from a JSON escape could not be stored exactly.
  if (!note.body.isWellFormed()) return 'text that is not well-formed Unicode';
  if (saveBytes(note.body) > maxNoteBytes) {
    return `larger than a note may be (${size(maxNoteBytes)}, as for a save)`;
  }
  return undefined;
}

/**
 * Keeps the notes Quire could store and save again, and lists the others in `failed` by the
 * file's name and their place in it: nothing is stored cut short or changed.
 */
export function keepStorable(
  name: string,
  parsed: ParsedImport,
  maxNoteBytes: number,
): ParsedImport {
  const failed = [...parsed.failed];
  const notes = parsed.notes.filter((note) => {
    const why = whyNotStorable(note, maxNoteBytes);
    if (why) failed.push({ name: `${name} (${note.sourceKey})`, error: why });
    return why === undefined;
  });
  return { ...parsed, notes, failed };
}
