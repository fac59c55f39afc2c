import { compareListOrder } from '../../shared/list-order.js';
import type { Note, NoteId } from '../../shared/note.js';
import { linkKey, type WikiLink, wikiLinks } from '../../shared/wiki-links.js';
import type { AppState } from '../state/app-state.js';
import { ChunkedMap } from '../state/chunked-map.js';
import { listOrderKeyAt } from '../state/note-order.js';
import { linkKeysOf, type NoteLinks } from './note-links.js';

/** A note that links to another: the note, the line that holds its first such link, and where. */
export interface Backlink {
  note: Note;
  /** The line holding the link, trimmed. */
  snippet: string;
  /** Offset of the link's `[[` in the note's text. */
  at: number;
}

/** Where each name is linked in one note: the first link to it. */
type LinksByName = ReadonlyMap<string, WikiLink>;

const NO_LINKS: LinksByName = new Map();

// Kept per note object: a note's text is read for links once, however often backlinks look.
const linksByNote = new WeakMap<Note, LinksByName>();

function linksOf(note: Note): LinksByName {
  let links = linksByNote.get(note);
  if (links === undefined) {
    if (note.body.includes('[[')) {
      const byName = new Map<string, WikiLink>();
      for (const link of wikiLinks(note.body)) {
        const key = linkKey(link.target);
        if (!byName.has(key)) byName.set(key, link);
      }
      links = byName;
    } else {
      links = NO_LINKS;
    }
    linksByNote.set(note, links);
  }
  return links;
}

/** The line of `text` around `at`. */
function lineAround(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end === -1 ? text.length : end).trim();
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
    for (const key of linksOf(note).keys()) {
      const notes = this.linking.get(key);
      if (notes) notes.add(note);
      else this.linking.set(key, new Set([note]));
    }
  }

  private remove(note: Note): void {
    for (const key of linksOf(note).keys()) {
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
    const found = new Map<NoteId, Backlink>();
    for (const key of linkKeysOf(target)) {
      // A name shared with a newer note leads there, not here.
      if (this.names.resolve(key) !== id) continue;
      for (const note of this.linking.get(key) ?? []) {
        const link = linksOf(note).get(key);
        if (note.id === id || !link) continue;
        const held = found.get(note.id);
        if (!held || link.from < held.at) {
          found.set(note.id, { note, snippet: lineAround(note.body, link.from), at: link.from });
        }
      }
    }
    return inListOrder([...found.values()], state.sortedNoteIds);
  }
}
