import { Facet } from '@codemirror/state';

/**
 * A note `[[` offers: the name it was found by, and, when that name is one of its aliases, the
 * note's title (none for a note known by aliases only).
 */
export interface LinkOffer {
  name: string;
  title?: string;
}

/** What the editor asks of the app around it. */
export interface NoteActions {
  /** A `#tag` was clicked: show the notes with this tag (its name as compared). */
  showTag(tag: string): void;
  /** The note a `[[link]]`'s target names, if any. */
  resolveLink(target: string): string | undefined;
  /** How many notes go by a `[[link]]`'s target: more than one makes the link ambiguous. */
  namesakes(target: string): number;
  /** Opens a note, as a click on it in the list does. */
  openNote(id: string): void;
  /** Creates a note titled `title` and opens it: a link to a missing note was followed. */
  createLinkedNote(title: string): void;
  /** Up to `limit` notes whose titles or aliases match what was typed after `[[`, best first. */
  linkTitles(query: string, limit: number): LinkOffer[];
}

/** What `[[links]]` ask of the app. */
export type LinkActions = Omit<NoteActions, 'showTag'>;

/** Links that lead nowhere: an editor outside the app. */
export const NO_LINKS: LinkActions = {
  resolveLink: () => undefined,
  namesakes: () => 0,
  openNote: () => {},
  createLinkedNote: () => {},
  linkTitles: () => [],
};

const NO_ACTIONS: NoteActions = { ...NO_LINKS, showTag: () => {} };

export const noteActions = Facet.define<NoteActions, NoteActions>({
  combine: (values) => values[0] ?? NO_ACTIONS,
});
