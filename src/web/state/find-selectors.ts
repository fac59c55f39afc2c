import type { Note, NoteId } from '../../shared/note.js';
import { noteTags } from '../../shared/note-tags.js';
import type { AppState } from './app-state.js';
import type { SearchHit } from './find-state.js';

// A note's tags, kept per note object: a changed note is a new object, so recounting all tags
// after one edit reads one body, not all of them.
const tagsByNote = new WeakMap<Note, readonly string[]>();

export function tagsOf(note: Note): readonly string[] {
  let tags = tagsByNote.get(note);
  if (!tags) {
    tags = noteTags(note.body);
    tagsByNote.set(note, tags);
  }
  return tags;
}

export interface TagCount {
  tag: string;
  count: number;
}

/** Memoizes a selector on the identity of its inputs, so React sees the same value again. */
function memoized<Inputs extends unknown[], Result>(
  inputsOf: (state: AppState) => Inputs,
  compute: (...inputs: Inputs) => Result,
): (state: AppState) => Result {
  let last: { inputs: Inputs; result: Result } | undefined;
  return (state) => {
    const inputs = inputsOf(state);
    if (last && inputs.every((input, index) => input === last?.inputs[index])) return last.result;
    const result = compute(...inputs);
    last = { inputs, result };
    return result;
  };
}

/** Every tag with how many notes carry it, by name. */
export const selectTagCounts = memoized(
  (state) => [state.notes] as [Readonly<Record<NoteId, Note>>],
  (notes): readonly TagCount[] => {
    const counts = new Map<string, number>();
    for (const note of Object.values(notes)) {
      for (const tag of tagsOf(note)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    return [...counts]
      .map(([tag, count]) => ({ tag, count }))
      .sort((a, b) => a.tag.localeCompare(b.tag));
  },
);

/**
 * The notes the list shows: search matches best first while searching, otherwise every note in
 * sortedNoteIds order; either way only those with the chosen tag, and only notes still held.
 */
export const selectVisibleNoteIds = memoized(
  (state) =>
    [state.sortedNoteIds, state.notes, state.find.hits, state.find.tagFilter] as [
      readonly NoteId[],
      Readonly<Record<NoteId, Note>>,
      readonly SearchHit[] | null,
      string | null,
    ],
  (sortedNoteIds, notes, hits, tagFilter): readonly NoteId[] => {
    const ids = hits ? hits.map((hit) => hit.id).filter((id) => notes[id]) : sortedNoteIds;
    if (tagFilter === null) return ids;
    return ids.filter((id) => {
      const note = notes[id];
      return note !== undefined && tagsOf(note).includes(tagFilter);
    });
  },
);

/** Each shown match's snippet, by note id; empty while not searching. */
export const selectSnippets = memoized(
  (state) => [state.find.hits] as [readonly SearchHit[] | null],
  (hits): ReadonlyMap<NoteId, string> => new Map(hits?.map((hit) => [hit.id, hit.snippet])),
);
