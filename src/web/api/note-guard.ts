import type { Note } from '../../shared/note.js';

/** Checks the shape of a note that came over the wire before it enters the state. */
export function isNote(value: unknown): value is Note {
  if (!value || typeof value !== 'object') return false;
  const note = value as Record<string, unknown>;
  return (
    typeof note.id === 'string' &&
    typeof note.body === 'string' &&
    typeof note.timeCreated === 'number' &&
    typeof note.timeLastModified === 'number'
  );
}
