import { Facet } from '@codemirror/state';

/** What the editor asks of the app around it. */
export interface NoteActions {
  /** A `#tag` was clicked: show the notes with this tag (its name as compared). */
  showTag(tag: string): void;
}

export const noteActions = Facet.define<NoteActions, NoteActions>({
  combine: (values) => values[0] ?? { showTag: () => {} },
});
