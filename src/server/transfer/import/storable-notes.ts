import type { ImportedNote, ParsedImport } from './imported-note.js';

/** Why a note cannot be stored as it is, or undefined when it can. */
function whyNotStorable(note: ImportedNote): string | undefined {
  // A lone UTF-16 surrogate from a JSON escape could not be stored exactly.
  if (!note.body.isWellFormed()) return 'text that is not well-formed Unicode';
  return undefined;
}

/**
 * Keeps the notes Quire could store and save again, and lists the others in `failed` by the
 * file's name and their place in it: nothing is stored cut short or changed.
 */
export function keepStorable(name: string, parsed: ParsedImport): ParsedImport {
  const failed = [...parsed.failed];
  const notes = parsed.notes.filter((note) => {
    const why = whyNotStorable(note);
    if (why) failed.push({ name: `${name} (${note.sourceKey})`, error: why });
    return why === undefined;
  });
  return { notes, failed };
}
