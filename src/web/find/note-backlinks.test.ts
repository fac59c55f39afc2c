import { describe, expect, it } from 'vitest';
import type { Note } from '../../shared/note.js';
import { type AppState, initialAppState } from '../state/app-state.js';
import { ChunkedMap } from '../state/chunked-map.js';
import { NoteBacklinks } from './note-backlinks.js';
import { NoteLinks } from './note-links.js';

const note = (id: string, body: string, timeLastModified = 100): Note => ({
  id,
  body,
  timeCreated: 1,
  timeLastModified,
  revision: 1,
});

function stateOf(notes: Note[]): AppState {
  return {
    ...initialAppState,
    notes: ChunkedMap.from(notes.map((each) => [each.id, each] as const)),
    sortedNoteIds: notes.map((each) => each.id),
  };
}

function backlinksOver(initial: Note[]) {
  let state = stateOf(initial);
  const getState = () => state;
  const backlinks = new NoteBacklinks(getState, new NoteLinks(getState));
  return {
    of: (id: string) =>
      backlinks.of(id).map(({ note, snippet, at }) => ({ id: note.id, snippet, at })),
    set(notes: Note[]) {
      state = stateOf(notes);
    },
  };
}

describe('NoteBacklinks', () => {
  it('lists the notes that link by title or alias, newest first, with the line and place', () => {
    const lisbon = note('l', '---\naliases: [Lisboa]\n---\n# Lisbon trip\nday 1');
    const links = backlinksOver([
      lisbon,
      note('a', 'Plans\nSee [[LISBON trip#Day 1|the trip]] soon', 300),
      note('b', 'Old\n  [[lisboa]] and [[Lisbon trip]]', 200),
      note('c', 'Code\n`[[Lisbon trip]]`', 400),
      note('d', 'Other [[Porto]]', 500),
    ]);
    expect(links.of('l')).toEqual([
      { id: 'a', snippet: 'See [[LISBON trip#Day 1|the trip]] soon', at: 10 },
      { id: 'b', snippet: '[[lisboa]] and [[Lisbon trip]]', at: 6 },
    ]);
  });

  it('follows edits, renames and notes that appear later', () => {
    const plans = note('p', 'Plans\n[[Recipes]]');
    const links = backlinksOver([plans]);
    expect(links.of('p')).toEqual([]);
    links.set([plans, note('r', '# Recipes')]);
    expect(links.of('r').map((each) => each.id)).toEqual(['p']);
    links.set([note('p', 'Plans\nno link now', 200), note('r', '# Recipes')]);
    expect(links.of('r')).toEqual([]);
    links.set([note('p', 'Plans\n[[Recipes]]', 300), note('r', '# Dinners', 300)]);
    expect(links.of('r')).toEqual([]);
  });

  it('leaves a shared title to the newer note and skips links to itself', () => {
    const links = backlinksOver([
      note('old', 'Plan\n[[plan]]', 100),
      note('new', 'plan', 200),
      note('x', '[[Plan]]', 50),
    ]);
    expect(links.of('old')).toEqual([]);
    expect(links.of('new').map((each) => each.id)).toEqual(['old', 'x']);
  });

  it('lists notes modified in the same second as the list does', () => {
    const links = backlinksOver([
      note('b', 'B\n[[Hub]]', 300),
      note('c', 'C\n[[Hub]]', 300),
      note('newer', 'N\n[[Hub]]', 400),
      note('a', 'A\n[[Hub]]', 300),
      note('hub', 'Hub', 100),
    ]);
    expect(links.of('hub').map((each) => each.id)).toEqual(['newer', 'b', 'c', 'a']);
  });
});
