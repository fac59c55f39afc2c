import type { Note } from '../../shared/note.js';
import { NOTE_FIELD_TYPES, NOTE_FIELDS } from '../../shared/note-fields.js';
import type { TrashedNote, VersionSummary } from '../../shared/note-history.js';
import type { VersionChange } from '../../shared/version-change.js';

/** Checks the shape of a note that came over the wire before it enters the state. */
export function isNote(value: unknown): value is Note {
  if (!value || typeof value !== 'object') return false;
  const note = value as Record<string, unknown>;
  return NOTE_FIELDS.every((field) => typeof note[field] === NOTE_FIELD_TYPES[field]);
}

export function isTrashedNote(value: unknown): value is TrashedNote {
  return isNote(value) && typeof (value as Partial<TrashedNote>).timeDeleted === 'number';
}

function isVersionChange(value: unknown): value is VersionChange {
  if (!value || typeof value !== 'object') return false;
  const change = value as Record<string, unknown>;
  const first = change.firstChanged as Record<string, unknown> | null;
  return (
    typeof change.wordsAdded === 'number' &&
    typeof change.wordsRemoved === 'number' &&
    (first === null ||
      (typeof first === 'object' &&
        typeof first.text === 'string' &&
        typeof first.removed === 'boolean'))
  );
}

export function isVersionSummary(value: unknown): value is VersionSummary {
  if (!value || typeof value !== 'object') return false;
  const version = value as Record<string, unknown>;
  return (
    typeof version.revision === 'number' &&
    typeof version.timeLastModified === 'number' &&
    typeof version.reason === 'string' &&
    isVersionChange(version.change)
  );
}
