import type { Note } from './note.js';

/**
 * The fields of a Note and the JavaScript type each holds: the one list the client's guard, the
 * live bus and the server's storage read the note's shape from. No schema here, so the client
 * can load it; the mapped type makes it name every field of `Note` and no other.
 */
export const NOTE_FIELD_TYPES: { readonly [Field in keyof Note]: TypeName<Note[Field]> } = {
  id: 'string',
  body: 'string',
  timeCreated: 'number',
  timeLastModified: 'number',
  revision: 'number',
};

export type NoteField = keyof Note;

export const NOTE_FIELDS = Object.keys(NOTE_FIELD_TYPES) as NoteField[];

type TypeName<T> = T extends string ? 'string' : T extends number ? 'number' : never;
