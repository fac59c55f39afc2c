import type { ParsedImport } from './imported-note.js';

/**
 * A note that came in without one of its files: listed with the notes that came in changed, not
 * as a failure, since the note itself is there.
 */
export function cameInWithout(result: ParsedImport, name: string, file: string): void {
  const change = `the attachment ${file} is not in the file`;
  result.changed ??= [];
  const listed = result.changed.find((entry) => entry.name === name);
  if (listed) listed.changes.push(change);
  else result.changed.push({ name, changes: [change] });
}
