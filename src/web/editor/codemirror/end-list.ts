import { ensureSyntaxTree } from '@codemirror/language';
import { EditorSelection, type EditorState, type TransactionSpec } from '@codemirror/state';

// A top-level item holding nothing but its marker (and perhaps an empty task box).
const EMPTY_TOP_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?: +\[[ xX]\])? *$/;

function isListItemAt(state: EditorState, pos: number): boolean {
  const tree = ensureSyntaxTree(state, pos, 50);
  for (let node = tree?.resolveInner(pos, 1) ?? null; node; node = node.parent) {
    if (node.name === 'ListItem') return true;
    if (node.name === 'FencedCode' || node.name === 'CodeBlock') return false;
  }
  return false;
}

/**
 * Enter on an empty top-level list item right after the list's text ends the list with a blank
 * line, so what is typed next is a paragraph of its own rather than a lazy continuation of the
 * last item. Null elsewhere: CodeMirror's Enter handles nested items (up a level) and the rest.
 */
export function endListAtEmptyItem(state: EditorState): TransactionSpec | null {
  const { main } = state.selection;
  if (state.selection.ranges.length > 1 || !main.empty) return null;
  const line = state.doc.lineAt(main.head);
  if (main.head !== line.to || line.number === 1 || !EMPTY_TOP_ITEM.test(line.text)) return null;
  if (state.doc.line(line.number - 1).text.trim() === '' || !isListItemAt(state, line.from)) {
    return null;
  }
  return {
    changes: { from: line.from, to: line.to, insert: state.lineBreak },
    selection: EditorSelection.cursor(line.from + state.lineBreak.length),
    scrollIntoView: true,
    userEvent: 'input',
  };
}
