import type { TextEdit } from '../../shared/text-edits.js';
import type { LocalDocument } from '../documents/local-document.js';
import type { NotePresence } from '../documents/note-presence.js';
import type { LinkActions } from './codemirror/note-actions.js';

/**
 * The note body editor. Its whole contract is these props, so what is inside can change freely:
 * - `noteId`: when it changes, the content is replaced by `value` (cursor at the start).
 * - `value`: the text to show. A new value for the same note that differs from the current text
 *   (an edit from elsewhere) is taken in place, keeping the cursor as far as possible; a value
 *   equal to the current text (the echo of the user's own typing) changes nothing.
 * - `document`: the note's document (docs/sync.md). Once given, the editor is bound to it: what
 *   is typed goes into it, what comes from elsewhere shows through it, and `value` is not read.
 * - `presence`: this window's presence in the note; the other windows' carets show in it.
 * - `onChange(text, edits)`: while no document is bound, called with the whole text after
 *   every change the user makes, and the change's edits in the text before it when known.
 * - `autoFocus`: take the keyboard focus whenever a note opens.
 * - `onTagClick(tag)`: a `#tag` in the text was clicked (its name as compared).
 * - `highlight`: the list's search, whose matches are highlighted; a note opened while it is on
 *   shows its first match.
 * - `links`: where `[[links]]` lead (the notes by title), and how to open or create one.
 * Saving, merging and ordering live outside; the editor only shows and reports text.
 */
export interface NoteEditorProps {
  value: string;
  noteId: string;
  document?: LocalDocument;
  presence?: NotePresence;
  onChange(text: string, edits?: TextEdit[]): void;
  autoFocus?: boolean;
  onTagClick?(tag: string): void;
  highlight?: string;
  links?: LinkActions;
}

/**
 * Where the cursor was in the textarea when it made way for the real editor, and the text it
 * points into: the note may have moved on in the same render that removed the textarea.
 */
export interface HandedOverSelection {
  noteId: string;
  text: string;
  anchor: number;
  head: number;
}
