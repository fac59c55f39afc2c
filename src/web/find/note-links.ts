import type { Note, NoteId } from '../../shared/note.js';
import { linkKey, titleAndNames } from '../../shared/wiki-links.js';
import type { AppState } from '../state/app-state.js';
import { ChunkedMap } from '../state/chunked-map.js';
import { fuzzyMatch } from './fuzzy-match.js';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface LinkNames {
  title: string | undefined;
  /** The title folded as the fuzzy matcher folds characters, for a quick first test. */
  foldedTitle: string;
  /** The aliases its properties give it, as written. */
  aliases: readonly string[];
  /** The title and aliases as links compare them. */
  keys: readonly string[];
}

// Kept per note object: a note's names are read from its body once, however often links look.
const namesByNote = new WeakMap<Note, LinkNames>();

function namesOf(note: Note): LinkNames {
  let names = namesByNote.get(note);
  if (names === undefined) {
    const { title, names: all } = titleAndNames(note.body);
    const aliases = title === undefined ? all : all.slice(1);
    names = { title, foldedTitle: fold(title ?? ''), aliases, keys: all.map(linkKey) };
    namesByNote.set(note, names);
  }
  return names;
}

/** The names a note answers links by (its title and aliases), as links compare them. */
export const linkKeysOf = (note: Note): readonly string[] => namesOf(note).keys;

/** Whether `wanted`'s characters all occur in `text` in order. */
function hasInOrder(text: string, wanted: string): boolean {
  let at = 0;
  for (const char of wanted) {
    at = text.indexOf(char, at);
    if (at === -1) return false;
    at += char.length;
  }
  return true;
}

function sameOrder(a: readonly NoteId[], b: readonly NoteId[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The titled notes in the order `ids`, when it is `before` with one note moved to the top;
 * undefined for any other change of order.
 */
function movedToTop(
  before: readonly NoteId[],
  titled: readonly TitledNote[],
  ids: readonly NoteId[],
): TitledNote[] | undefined {
  const top = ids[0];
  if (ids.length !== before.length || top === undefined) return undefined;
  let at = 1;
  for (const id of before) {
    if (id === top) continue;
    if (ids[at] !== id) return undefined;
    at += 1;
  }
  return [...titled.filter((each) => each.id === top), ...titled.filter((each) => each.id !== top)];
}

/** Whether a change of the notes came or went, or changed a note's names. */
const titleChanged = ({ before, after }: { before?: Note; after?: Note }) =>
  !before || !after || namesOf(before).keys.join('\n') !== namesOf(after).keys.join('\n');

export interface LinkTitleMatch {
  id: NoteId;
  /** The note's title; undefined for a note known by its aliases only. */
  title: string | undefined;
  /** The alias the query matched, when it was one. */
  alias?: string;
}

/** One name a note goes by in the list of titles: its title, or one of its aliases. */
interface TitledNote extends LinkTitleMatch {
  /** The name folded as the fuzzy matcher folds characters, for a quick first test. */
  foldedName: string;
}

/** The names of a note in the list of titles: its title first, then each alias. */
function namedEntries(note: Note): TitledNote[] {
  const names = namesOf(note);
  const entries: TitledNote[] = [];
  if (names.title !== undefined) {
    entries.push({ id: note.id, title: names.title, foldedName: names.foldedTitle });
  }
  for (const alias of names.aliases) {
    entries.push({ id: note.id, title: names.title, alias, foldedName: fold(alias) });
  }
  return entries;
}

/** How likely a folded title is to rank high for the query: 0 best, -1 not a match at all. */
function tierOf(title: string, phrase: string, letters: string): number {
  if (title === phrase) return 0;
  if (title.startsWith(phrase)) return 1;
  if (title.includes(` ${phrase}`)) return 2;
  if (title.includes(phrase)) return 3;
  return hasInOrder(title, letters) ? 4 : -1;
}

/** Titles ranked by the fuzzy matcher at most; the closest-looking are picked to be ranked. */
const RANKED = 1000;

/** Where a note is in the list; unlisted notes come last. */
function positionIn(ids: readonly NoteId[], id: NoteId): number {
  const at = ids.indexOf(id);
  return at === -1 ? Number.POSITIVE_INFINITY : at;
}

/**
 * The notes' link names, for the editor and the preview: which note a `[[link]]` opens and
 * which titles `[[` offers. The names follow the notes change by change; the list of titles
 * is rebuilt when first asked after the notes changed.
 */
export class NoteLinks {
  private readonly getState: () => AppState;
  /** The notes named by each key; one, mostly. */
  private readonly named = new Map<string, Note[]>();
  /** Each note's names, as the list of titles holds them. */
  private readonly titledById = new Map<NoteId, TitledNote[]>();
  private indexed: AppState['notes'] | undefined;
  private titledFor: { notes: AppState['notes']; ids: readonly NoteId[]; titled: TitledNote[] } = {
    notes: undefined as never,
    ids: [],
    titled: [],
  };

  constructor(getState: () => AppState) {
    this.getState = getState;
  }

  private add(note: Note): void {
    const names = namesOf(note);
    const entries = namedEntries(note);
    if (entries.length > 0) this.titledById.set(note.id, entries);
    for (const key of names.keys) {
      const notes = this.named.get(key);
      if (notes) notes.push(note);
      else this.named.set(key, [note]);
    }
  }

  private remove(note: Note): void {
    this.titledById.delete(note.id);
    for (const key of namesOf(note).keys) {
      const notes = this.named.get(key)?.filter((each) => each !== note) ?? [];
      if (notes.length === 0) this.named.delete(key);
      else this.named.set(key, notes);
    }
  }

  /** Brings the names up to the state's notes, reading only the notes that changed. */
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

  /**
   * The note a link's target names, if any: of notes sharing the name, the most recently
   * modified, then the first in the list.
   */
  resolve(target: string): NoteId | undefined {
    const state = this.sync();
    const notes = this.named.get(linkKey(target));
    if (!notes || notes.length === 0) return undefined;
    let best = notes[0];
    let bestAt = -1;
    for (const note of notes.slice(1)) {
      if (!best || note.timeLastModified > best.timeLastModified) {
        best = note;
        bestAt = -1;
      } else if (note.timeLastModified === best.timeLastModified) {
        // A rare tie: only then is the list searched for which comes first.
        if (bestAt === -1) bestAt = positionIn(state.sortedNoteIds, best.id);
        const at = positionIn(state.sortedNoteIds, note.id);
        if (at < bestAt) {
          best = note;
          bestAt = at;
        }
      }
    }
    return best?.id;
  }

  /** How many notes go by the name a link's target gives. */
  namesakes(target: string): number {
    this.sync();
    return this.named.get(linkKey(target))?.length ?? 0;
  }

  /**
   * Reads the names of up to `count` notes of the list from `from` on, then, once the list is
   * read to its end, makes the index and the list of titles from them. Where the next call
   * starts; the list's length once done.
   */
  readNames(from: number, count: number): number {
    const { notes, sortedNoteIds } = this.getState();
    const end = Math.min(from + count, sortedNoteIds.length);
    for (let at = from; at < end; at += 1) {
      const note = notes.get(sortedNoteIds[at] as NoteId);
      if (note) namesOf(note);
    }
    if (end === sortedNoteIds.length) {
      this.sync();
      this.titled();
    }
    return end;
  }

  /** The notes with a title, in list order. */
  private titled(): TitledNote[] {
    const { notes, sortedNoteIds } = this.getState();
    const held = this.titledFor;
    if (held.notes === notes && held.ids === sortedNoteIds) return held.titled;
    // Typing below a title changes the notes at each save, not the titles; the note saved
    // moves to the top of the list, and the others keep their order.
    if (held.notes !== undefined && !ChunkedMap.changes(held.notes, notes).some(titleChanged)) {
      const titled = sameOrder(held.ids, sortedNoteIds)
        ? held.titled
        : movedToTop(held.ids, held.titled, sortedNoteIds);
      if (titled) {
        this.titledFor = { notes, ids: sortedNoteIds, titled };
        return titled;
      }
    }
    this.sync();
    const titled: TitledNote[] = [];
    for (const id of sortedNoteIds) {
      const entries = this.titledById.get(id);
      if (entries) titled.push(...entries);
    }
    this.titledFor = { notes, ids: sortedNoteIds, titled };
    return titled;
  }

  /**
   * Up to `limit` titles matching `query` as the quick switcher matches, best first (list
   * order among equals); with no query, the first titles in list order. A note is offered by
   * its aliases too, each match saying which alias it was. With many notes only the likeliest
   * (the name typed whole, names starting with the query, then holding it at a word start, then
   * anywhere, then its letters in order) are ranked, so typing stays quick.
   */
  titles(query: string, limit: number): LinkTitleMatch[] {
    const titled = this.titled();
    const phrase = fold(query.trim().replace(/\s+/g, ' '));
    if (phrase === '') {
      return titled
        .filter((entry) => entry.alias === undefined)
        .slice(0, limit)
        .map(({ id, title }) => ({ id, title }));
    }
    const letters = phrase.replace(/ /g, '');
    const tiers: TitledNote[][] = [[], [], [], [], []];
    for (const entry of titled) {
      const tier = tierOf(entry.foldedName, phrase, letters);
      if (tier !== -1 && (tiers[tier]?.length ?? RANKED) < RANKED) tiers[tier]?.push(entry);
    }
    const matches: (LinkTitleMatch & { exact: boolean; score: number })[] = [];
    for (const entry of tiers.flat().slice(0, RANKED)) {
      const { id, title, alias } = entry;
      const match = fuzzyMatch(query, alias ?? title ?? '');
      const exact = entry.foldedName === phrase;
      if (match) matches.push({ id, title, ...(alias && { alias }), exact, score: match.score });
    }
    // A name typed whole comes first, however many start alike; a stable sort keeps list order
    // among equal scores. A note matched by its title and an alias is offered once, best first.
    const offered = new Set<NoteId>();
    return matches
      .sort((a, b) => Number(b.exact) - Number(a.exact) || b.score - a.score)
      .filter(({ id }) => !offered.has(id) && offered.add(id))
      .slice(0, limit)
      .map(({ id, title, alias }) => ({ id, title, ...(alias && { alias }) }));
  }
}
