import type { Note, NoteId } from '../../shared/note.js';
import { isUnderTag, noteTags, parentTag, tagName } from '../../shared/note-tags.js';
import type { AppState, NoteMap } from './app-state.js';
import { ChunkedMap } from './chunked-map.js';
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

/** A tag the list counts: its name (`tagName`) and how a note writes it. */
interface FiledTag {
  name: string;
  written: string;
}

// A note's tags with the tags they are nested in (`a` for `a/b`): what the tag list counts.
const filedUnderByNote = new WeakMap<Note, readonly FiledTag[]>();

function filedUnder(note: Note): readonly FiledTag[] {
  let filed = filedUnderByNote.get(note);
  if (!filed) {
    const all = new Map<string, string>();
    for (const tag of tagsOf(note)) {
      for (let written: string | undefined = tag; written !== undefined; ) {
        const name = tagName(written);
        if (!all.has(name)) all.set(name, written);
        written = parentTag(written);
      }
    }
    filed = Array.from(all, ([name, written]) => ({ name, written }));
    filedUnderByNote.set(note, filed);
  }
  return filed;
}

/** Tags in tree order: each under its parent, siblings by name. */
function byTreeOrder(a: TagCount, b: TagCount): number {
  const left = a.tag.split('/');
  const right = b.tag.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const order = (left[i] as string).localeCompare(right[i] as string);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

export interface TagCount {
  /** The tag's name, lower case and without accents: what the list is filtered by. */
  tag: string;
  /** The tag as the notes write it (`camelCase`); the most used way when they differ. */
  shown: string;
  count: number;
}

/** How many notes carry a tag, and how many write it each way. */
interface Counted {
  count: number;
  written: Map<string, number>;
}

function mostWritten(written: ReadonlyMap<string, number>): string {
  let shown = '';
  let most = 0;
  for (const [way, count] of written) {
    // Equal counts go to the same spelling on every device and every load, not the first met.
    if (count > most || (count === most && way.localeCompare(shown) < 0)) {
      [shown, most] = [way, count];
    }
  }
  return shown;
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

/**
 * Every tag with how many notes carry it or a tag nested in it, in tree order (`a`, `a/b`,
 * `b`). The counts follow the notes map by its changes, so one edited note is one body read,
 * not a walk over every note.
 */
export const selectTagCounts = ((): ((state: AppState) => readonly TagCount[]) => {
  const counts = new Map<string, Counted>();
  let counted: NoteMap = ChunkedMap.empty();
  let result: readonly TagCount[] = [];
  const add = (note: Note | undefined, step: number) => {
    for (const { name, written } of note ? filedUnder(note) : []) {
      const held = counts.get(name) ?? { count: 0, written: new Map<string, number>() };
      held.count += step;
      const ways = (held.written.get(written) ?? 0) + step;
      if (ways === 0) held.written.delete(written);
      else held.written.set(written, ways);
      if (held.count === 0) counts.delete(name);
      else counts.set(name, held);
    }
  };
  return (state) => {
    if (state.notes === counted) return result;
    let changed = false;
    for (const { before, after } of ChunkedMap.changes(counted, state.notes)) {
      const old = before ? tagsOf(before) : [];
      const now = after ? tagsOf(after) : [];
      if (old.length === 0 && now.length === 0) continue;
      if (old.length === now.length && old.every((tag, i) => tag === now[i])) continue;
      add(before, -1);
      add(after, 1);
      changed = true;
    }
    counted = state.notes;
    if (changed) {
      result = [...counts]
        .map(([tag, { count, written }]) => ({ tag, shown: mostWritten(written), count }))
        .sort(byTreeOrder);
    }
    return result;
  };
})();

/**
 * The notes the list shows: search matches best first while searching, otherwise every note in
 * sortedNoteIds order; either way only those with the chosen tag or one nested in it, and only
 * notes still held.
 */
export const selectVisibleNoteIds = memoized(
  (state) =>
    [state.sortedNoteIds, state.notes, state.find.hits, state.find.tagFilter] as [
      readonly NoteId[],
      NoteMap,
      readonly SearchHit[] | null,
      string | null,
    ],
  (sortedNoteIds, notes, hits, tagFilter): readonly NoteId[] => {
    const ids = hits ? hits.map((hit) => hit.id).filter((id) => notes.has(id)) : sortedNoteIds;
    if (tagFilter === null) return ids;
    return ids.filter((id) => {
      const note = notes.get(id);
      return note !== undefined && tagsOf(note).some((tag) => isUnderTag(tagName(tag), tagFilter));
    });
  },
);

/** Each shown match's snippet, by note id; empty while not searching. */
export const selectSnippets = memoized(
  (state) => [state.find.hits] as [readonly SearchHit[] | null],
  (hits): ReadonlyMap<NoteId, string> => new Map(hits?.map((hit) => [hit.id, hit.snippet])),
);

/** The chosen tag as the notes write it (`#camelCase`), or null when the list is not filtered. */
export function selectTagFilterShown(state: AppState): string | null {
  const filter = state.find.tagFilter;
  if (filter === null) return null;
  return selectTagCounts(state).find((counted) => counted.tag === filter)?.shown ?? filter;
}
