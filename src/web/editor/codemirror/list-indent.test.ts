import { markdownLanguage } from '@codemirror/lang-markdown';
import { EditorSelection, EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { shiftListItems } from './list-indent.js';

/** Shifts the items at `|` (a cursor) or between `«` and `»`; returns the text in that notation. */
function shift(marked: string, direction: 1 | -1): string | null {
  const cursor = marked.indexOf('|');
  const from = cursor >= 0 ? cursor : marked.indexOf('«');
  const to = cursor >= 0 ? cursor : marked.indexOf('»') - 1;
  const doc = marked.replace(/[|«»]/g, '');
  const state = EditorState.create({
    doc,
    selection: EditorSelection.range(from, to),
    extensions: markdownLanguage,
  });
  const spec = shiftListItems(state, direction);
  if (!spec) return null;
  const next = state.update(spec).state;
  const { from: a, to: b } = next.selection.main;
  const text = next.doc.toString();
  return a === b
    ? `${text.slice(0, a)}|${text.slice(a)}`
    : `${text.slice(0, a)}«${text.slice(a, b)}»${text.slice(b)}`;
}

describe('shiftListItems', () => {
  it('nests an item under the one above, at that item’s text', () => {
    expect(shift('- parent\n- |', 1)).toBe('- parent\n  - |');
    expect(shift('- parent\n- chi|ld', 1)).toBe('- parent\n  - chi|ld');
    expect(shift('*   parent\n* child|', 1)).toBe('*   parent\n    * child|');
    expect(shift('- [ ] task\n- [ ] sub|', 1)).toBe('- [ ] task\n  - [ ] sub|');
  });

  it('moves an item out a level, to its parent’s marker', () => {
    expect(shift('- parent\n  - child|', -1)).toBe('- parent\n- child|');
    expect(shift('- a\n  - b\n    - c|', -1)).toBe('- a\n  - b\n  - c|');
    expect(shift('  - stray|', -1)).toBe('- stray|');
  });

  it('numbers an ordered item for the list it joins', () => {
    expect(shift('1. one\n2. two|', 1)).toBe('1. one\n   1. two|');
    expect(shift('1. one\n   1. a\n2. two|', 1)).toBe('1. one\n   1. a\n   2. two|');
    expect(shift('1. one\n   1. a|', -1)).toBe('1. one\n2. a|');
    expect(shift('9. nine\n10. ten|', 1)).toBe('9. nine\n   1. ten|');
  });

  it('takes an item’s own sub-items along', () => {
    expect(shift('- a\n- b|\n  - c\n- d', 1)).toBe('- a\n  - b|\n    - c\n- d');
    expect(shift('- a\n  - b|\n    - c\n- d', -1)).toBe('- a\n- b|\n  - c\n- d');
  });

  it('shifts every selected item by the same amount', () => {
    expect(shift('- a\n- «b\n- c»\n- d', 1)).toBe('- a\n  - «b\n  - c»\n- d');
  });

  it('leaves a first or top-level item where it is, but still takes the key', () => {
    expect(shift('- first|\n- second', 1)).toBe('- first|\n- second');
    expect(shift('- top|', -1)).toBe('- top|');
  });

  it('is not for lines that start no list item', () => {
    expect(shift('plain text|', 1)).toBeNull();
    expect(shift('- item\n\n  more text|', 1)).toBeNull();
    expect(shift('```\n- in code|\n```', 1)).toBeNull();
  });
});
