import type { Note, NoteId } from '../../shared/note.js';
import { linkIndex, linkKey, linkNames, linkTitle } from '../../shared/wiki-links.js';
import type { AppState } from '../state/app-state.js';
import { fuzzyMatch } from './fuzzy-match.js';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface LinkNames {
  title: string | undefined;
  /** The title folded as the fuzzy matcher folds characters, for a quick first test. */
  foldedTitle: string;
  names: readonly string[];
}

// Kept per note object: a note's names are read from its body once, however often links look.
const namesByNote = new WeakMap<Note, LinkNames>();

function namesOf(note: Note): LinkNames {
  let names = namesByNote.get(note);
  if (names === undefined) {
    const title = linkTitle(note.body);
    names = { title, foldedTitle: fold(title ?? ''), names: linkNames(note) };
    namesByNote.set(note, names);
  }
  return names;
}

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

export interface LinkTitleMatch {
  id: NoteId;
  title: string;
}

/**
 * The notes' link names, for the editor and the preview: which note a `[[link]]` opens and
 * which titles `[[` offers. Built from the state when first asked after the notes changed.
 */
export class NoteLinks {
  private readonly getState: () => AppState;
  private built: { notes: AppState['notes']; ids: readonly NoteId[]; index: Map<string, Note> } = {
    notes: undefined as never,
    ids: [],
    index: new Map(),
  };

  constructor(getState: () => AppState) {
    this.getState = getState;
  }

  private *listed(): Generator<Note> {
    const { notes, sortedNoteIds } = this.getState();
    for (const id of sortedNoteIds) {
      const note = notes.get(id);
      if (note) yield note;
    }
  }

  private index(): Map<string, Note> {
    const { notes, sortedNoteIds } = this.getState();
    if (this.built.notes !== notes || this.built.ids !== sortedNoteIds) {
      this.built = {
        notes,
        ids: sortedNoteIds,
        index: linkIndex(this.listed(), (note) => namesOf(note).names),
      };
    }
    return this.built.index;
  }

  /** The note a link's target names, if any. */
  resolve(target: string): NoteId | undefined {
    return this.index().get(linkKey(target))?.id;
  }

  /**
   * Up to `limit` titles matching `query` as the quick switcher matches, best first (list
   * order among equals); with no query, the first titles in list order.
   */
  titles(query: string, limit: number): LinkTitleMatch[] {
    const wanted = fold(query.replace(/\s+/g, ''));
    const matches: (LinkTitleMatch & { score: number })[] = [];
    for (const note of this.listed()) {
      const { title, foldedTitle } = namesOf(note);
      if (title === undefined) continue;
      if (wanted !== '' && !hasInOrder(foldedTitle, wanted)) continue;
      const match = fuzzyMatch(query, title);
      if (!match) continue;
      matches.push({ id: note.id, title, score: match.score });
      if (wanted === '' && matches.length === limit) break;
    }
    return matches
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map(({ id, title }) => ({ id, title }));
  }
}
