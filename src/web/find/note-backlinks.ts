import { type Backlink, backlinkOf } from '../../shared/backlinks.js';
import { compareListOrder } from '../../shared/list-order.js';
import type { Note, NoteId } from '../../shared/note.js';
import { linkKey, wikiLinks } from '../../shared/wiki-links.js';
import type { AppState } from '../state/app-state.js';
import { ChunkedMap } from '../state/chunked-map.js';
import { listOrderKeyAt } from '../state/note-order.js';
import { linkKeysOf, type NoteLinks } from './note-links.js';

export type { Backlink } from '../../shared/backlinks.js';

const NO_LINKS: ReadonlySet<string> = new Set();

// Kept per note object: a note's text is read for links once, however often backlinks look.
const namesByNote = new WeakMap<Note, ReadonlySet<string>>();

/** The names a note links to, as `linkKey` makes them. */
function linksOf(note: Note): ReadonlySet<string> {
  let names = namesByNote.get(note);
  if (names === undefined) {
    names = note.body.includes('[[')
      ? new Set(wikiLinks(note.body).map((link) => linkKey(link.target)))
      : NO_LINKS;
    namesByNote.set(note, names);
  }
  return names;
}

/**
 * The backlinks as the list orders their notes, as the server answers them: most recently
 * modified first, ties as listed. Only a tie needs the places, found in one walk of the list.
 */
function inListOrder(backlinks: Backlink[], sortedNoteIds: readonly NoteId[]): Backlink[] {
  const times = new Set(backlinks.map(({ note }) => note.timeLastModified));
  const places = new Map<NoteId, number>();
  if (times.size < backlinks.length) {
    const wanted = new Set(backlinks.map(({ note }) => note.id));
    sortedNoteIds.forEach((id, at) => {
      if (wanted.has(id)) places.set(id, at);
    });
  }
  return backlinks
    .map((backlink) => ({
      ...listOrderKeyAt(backlink.note, places.get(backlink.note.id) ?? 0),
      backlink,
    }))
    .sort(compareListOrder)
    .map(({ backlink }) => backlink);
}

/**
 * Which notes link to which, as this device knows its notes: a link counts for the note its
 * name resolves to now, so links follow renames and missing notes as soon as they exist. The
 * notes are read change by change, like the names in `NoteLinks`.
 */
export class NoteBacklinks {
  private readonly getState: () => AppState;
  private readonly names: NoteLinks;
  /** The notes whose links name each key. */
  private readonly linking = new Map<string, Set<Note>>();
  private indexed: AppState['notes'] | undefined;

  constructor(getState: () => AppState, names: NoteLinks) {
    this.getState = getState;
    this.names = names;
  }

  private add(note: Note): void {
    for (const key of linksOf(note)) {
      const notes = this.linking.get(key);
      if (notes) notes.add(note);
      else this.linking.set(key, new Set([note]));
    }
  }

  private remove(note: Note): void {
    for (const key of linksOf(note)) {
      const notes = this.linking.get(key);
      notes?.delete(note);
      if (notes?.size === 0) this.linking.delete(key);
    }
  }

  private sync(): AppState {
    const state = this.getState();
    if (state.notes === this.indexed) return state;
    ChunkedMap.follow(this.indexed, state.notes, {
      add: (note) => this.add(note),
      remove: (note) => this.remove(note),
    });
    this.indexed = state.notes;
    return state;
  }

  /** The other notes that link to `id`, most recently modified first, each once. */
  of(id: NoteId): Backlink[] {
    const state = this.sync();
    const target = state.notes.get(id);
    if (!target) return [];
    // A name shared with a newer note leads there, not here.
    const names = new Set(linkKeysOf(target).filter((key) => this.names.resolve(key) === id));
    const linking = new Set<Note>();
    for (const key of names) {
      for (const note of this.linking.get(key) ?? []) if (note.id !== id) linking.add(note);
    }
    // Answered as the server answers them, so a device offline shows the same lines.
    const found = [...linking].map((note) => backlinkOf(note, names));
    return inListOrder(found, state.sortedNoteIds);
  }
}
