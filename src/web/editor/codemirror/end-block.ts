import { ensureSyntaxTree } from '@codemirror/language';
import { EditorSelection, type EditorState, type TransactionSpec } from '@codemirror/state';

// A top-level item holding nothing but its marker (and perhaps an empty task box).
const EMPTY_TOP_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?: +\[[ xX]\])? *$/;
// A top-level quote (or callout) line holding nothing but its marker.
const EMPTY_QUOTE_LINE = /^ {0,3}> *$/;

/** The block the line starts in, from the outside in, stopping at code. */
function insideOf(state: EditorState, pos: number, name: 'ListItem' | 'Blockquote'): boolean {
  const tree = ensureSyntaxTree(state, pos, 50);
  for (let node = tree?.resolveInner(pos, 1) ?? null; node; node = node.parent) {
    if (node.name === name) return true;
    if (node.name === 'FencedCode' || node.name === 'CodeBlock') return false;
  }
  return false;
}

/**
 * Enter on an empty top-level list item, or an empty `>` line of a quote or callout, right
 * after the block's text, ends the block with a blank line, so what is typed next is a
 * paragraph of its own rather than a lazy continuation of the block. Null elsewhere:
 * CodeMirror's Enter handles nested items (up a level) and the rest.
 */
export function endBlockAtEmptyLine(state: EditorState): TransactionSpec | null {
  const { main } = state.selection;
  if (state.selection.ranges.length > 1 || !main.empty) return null;
  const line = state.doc.lineAt(main.head);
  if (main.head !== line.to || line.number === 1) return null;
  const block = EMPTY_TOP_ITEM.test(line.text)
    ? 'ListItem'
    : EMPTY_QUOTE_LINE.test(line.text)
      ? 'Blockquote'
      : null;
  const previous = state.doc.line(line.number - 1).text;
  if (!block || previous.trim() === '' || EMPTY_QUOTE_LINE.test(previous)) return null;
  if (!insideOf(state, line.from, block)) return null;
  return {
    changes: { from: line.from, to: line.to, insert: state.lineBreak },
    selection: EditorSelection.cursor(line.from + state.lineBreak.length),
    scrollIntoView: true,
    userEvent: 'input',
  };
}
