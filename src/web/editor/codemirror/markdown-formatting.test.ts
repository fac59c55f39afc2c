import { EditorSelection, EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { toggleMarkupChange } from './markdown-formatting.js';

/** Runs the toggle on text where `[` and `]` mark the selection; returns the same notation. */
function toggle(marked: string, size: 1 | 2): string {
  const from = marked.indexOf('[');
  const to = marked.indexOf(']') - 1;
  const doc = marked.replace('[', '').replace(']', '');
  const state = EditorState.create({ doc, selection: EditorSelection.range(from, to) });
  const next = state.update(toggleMarkupChange(state, size)).state;
  const { from: a, to: b } = next.selection.main;
  const text = next.doc.toString();
  return `${text.slice(0, a)}[${text.slice(a, b)}]${text.slice(b)}`;
}

describe('toggleMarkupChange', () => {
  it('wraps the selection in bold or italic markers', () => {
    expect(toggle('a [word] b', 2)).toBe('a **[word]** b');
    expect(toggle('a [word] b', 1)).toBe('a *[word]* b');
  });

  it('unwraps markers just outside or just inside the selection', () => {
    expect(toggle('a **[word]** b', 2)).toBe('a [word] b');
    expect(toggle('a [**word**] b', 2)).toBe('a [word] b');
    expect(toggle('a *[word]* b', 1)).toBe('a [word] b');
    expect(toggle('a [*word*] b', 1)).toBe('a [word] b');
  });

  it('tells italic from bold, and combines them', () => {
    expect(toggle('**[word]**', 1)).toBe('***[word]***');
    expect(toggle('***[word]***', 1)).toBe('**[word]**');
    expect(toggle('***[word]***', 2)).toBe('*[word]*');
    expect(toggle('*[word]*', 2)).toBe('***[word]***');
  });

  it('puts the cursor between empty markers and takes them away again', () => {
    expect(toggle('a []b', 2)).toBe('a **[]**b');
    expect(toggle('a **[]**b', 2)).toBe('a []b');
  });
});
