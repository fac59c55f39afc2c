import type { Note } from '../../shared/note.js';
import type { NoteField } from '../../shared/note-fields.js';

/** The column of the notes table each field of a Note is stored in. */
export const NOTE_COLUMN_OF = {
  id: 'id',
  body: 'body',
  timeCreated: 'time_created',
  timeLastModified: 'time_last_modified',
  revision: 'revision',
} as const satisfies Record<NoteField, string>;

type NoteColumnOf = typeof NOTE_COLUMN_OF;

/** The columns a Note is made from, in the order of its fields. */
export const NOTE_COLUMNS = Object.values(NOTE_COLUMN_OF) as NoteColumnOf[NoteField][];

/** A note's columns as a query reads them. */
export type NoteRow = { [Field in NoteField as NoteColumnOf[Field]]: Note[Field] };
