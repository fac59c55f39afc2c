import { markdownLanguage } from '@codemirror/lang-markdown';
import { EditorSelection, EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { endBlockAtEmptyLine } from './end-block.js';

/** Presses Enter at `|` through this command; null when it leaves the key to others. */
function enter(marked: string): string | null {
  const at = marked.indexOf('|');
  const state = EditorState.create({
    doc: marked.replace('|', ''),
    selection: EditorSelection.cursor(at),
    extensions: markdownLanguage,
  });
  const spec = endBlockAtEmptyLine(state);
  if (!spec) return null;
  const next = state.update(spec).state;
  const text = next.doc.toString();
  const head = next.selection.main.head;
  return `${text.slice(0, head)}|${text.slice(head)}`;
}

describe('endBlockAtEmptyLine', () => {
  it('ends a list at an empty item with a blank line before the next paragraph', () => {
    expect(enter('- one\n- |')).toBe('- one\n\n|');
    expect(enter('1. one\n2. |')).toBe('1. one\n\n|');
    expect(enter('- [ ] task\n- [ ] |')).toBe('- [ ] task\n\n|');
    expect(enter('- one\n  more\n- |\n- three')).toBe('- one\n  more\n\n|\n- three');
  });

  it('leaves nested, non-empty and code lines to the other Enter commands', () => {
    expect(enter('- one\n  - |')).toBeNull();
    expect(enter('- one\n- two|')).toBeNull();
    expect(enter('- one\n\n- |')).toBeNull();
    expect(enter('```\nx\n- |\n```')).toBeNull();
    expect(enter('- |')).toBeNull();
  });

  it('ends a quote or a callout at an empty > line, whatever follows', () => {
    expect(enter('> a quote\n> |')).toBe('> a quote\n\n|');
    expect(enter('> a quote\n>|')).toBe('> a quote\n\n|');
    expect(enter('> [!tip] Title\n> body\n> |\nThe rest')).toBe(
      '> [!tip] Title\n> body\n\n|\nThe rest',
    );
  });

  it('leaves non-empty quote lines, a quote that has a blank line, and code alone', () => {
    expect(enter('> a quote|')).toBeNull();
    expect(enter('> |')).toBeNull();
    expect(enter('> one\n>\n> |')).toBeNull();
    expect(enter('```\n> x\n> |\n```')).toBeNull();
  });
});
