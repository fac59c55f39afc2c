import type { NoteId } from '../../shared/note.js';

/** A place in a note to show once it opens: a heading a link names, or an offset in the text. */
export type NotePlace = { heading: string } | { at: number };

// Another note's place: the editor shows that note only once the app has opened it. Kept apart
// from the editor's code, so the list and panels can ask without loading the editor.
let pending: { noteId: NoteId; place: NotePlace } | undefined;

/** Shows `place` when the note `noteId` next comes into the editor. */
export function revealWhenOpened(noteId: NoteId, place: NotePlace): void {
  pending = { noteId, place };
}

/** The place asked for `noteId`, if any; asked once, it is forgotten. */
export function takePendingPlace(noteId: NoteId): NotePlace | undefined {
  const wanted = pending;
  pending = undefined;
  return wanted?.noteId === noteId ? wanted.place : undefined;
}
