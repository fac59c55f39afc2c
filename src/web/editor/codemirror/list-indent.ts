import { ensureSyntaxTree, type syntaxTree } from '@codemirror/language';
import {
  type ChangeSpec,
  countColumn,
  type EditorState,
  type Line,
  type TransactionSpec,
} from '@codemirror/state';

// The parser's node type, named through the language package that the editor depends on.
type SyntaxNode = ReturnType<typeof syntaxTree>['topNode'];

/** A list item that starts on a line: its `ListItem` node and its `ListMark`. */
interface ItemStart {
  item: SyntaxNode;
  mark: SyntaxNode;
}

const leadingSpace = (text: string) => /^[ \t]*/.exec(text)?.[0] ?? '';
const columnOf = (state: EditorState, line: Line, pos: number) =>
  countColumn(line.text.slice(0, pos - line.from), state.tabSize);

/** The list item whose marker is the first thing on this line, if any. */
function itemStartingOn(state: EditorState, line: Line): ItemStart | null {
  const start = line.from + leadingSpace(line.text).length;
  const tree = ensureSyntaxTree(state, line.to, 50) ?? ensureSyntaxTree(state, line.to);
  for (
    let node: SyntaxNode | null = tree?.resolveInner(start, 1) ?? null;
    node;
    node = node.parent
  ) {
    if (node.name === 'ListMark' && node.from === start && node.parent?.name === 'ListItem') {
      return { item: node.parent, mark: node };
    }
    if (node.name === 'ListItem') {
      const mark = node.firstChild;
      return mark?.name === 'ListMark' && mark.from === start ? { item: node, mark } : null;
    }
  }
  return null;
}

/** The column where an item's text begins: after its marker and the spaces that follow it. */
function contentColumn(state: EditorState, { mark }: ItemStart): number {
  const line = state.doc.lineAt(mark.from);
  const after = /^[ \t]{0,4}/.exec(line.text.slice(mark.to - line.from))?.[0] ?? '';
  return columnOf(state, line, mark.to) + Math.max(after.length, 1);
}

const markColumn = (state: EditorState, { mark }: ItemStart) =>
  columnOf(state, state.doc.lineAt(mark.from), mark.from);

const previousItem = (node: SyntaxNode) => {
  for (let sibling = node.prevSibling; sibling; sibling = sibling.prevSibling) {
    if (sibling.name === 'ListItem') return sibling;
  }
  return null;
};

/** An ordered item's number, or null for a bullet. */
function numberOf(state: EditorState, { mark }: ItemStart): number | null {
  const match = /^(\d+)[.)]$/.exec(state.sliceDoc(mark.from, mark.to));
  return match ? Number(match[1]) : null;
}

const asStart = (item: SyntaxNode): ItemStart => ({ item, mark: item.firstChild as SyntaxNode });

/**
 * Where an item goes and which number it then takes: Tab makes it the last child of the item
 * above it, Shift+Tab a sibling of its parent. Null when it cannot move that way.
 */
function target(state: EditorState, start: ItemStart, direction: 1 | -1) {
  if (direction > 0) {
    const above = previousItem(start.item);
    if (!above) return null;
    const aboveStart = asStart(above);
    // Joining a list the item above already holds continues its numbering.
    const nested = above.lastChild;
    const last = nested && /List$/.test(nested.name) ? nested.lastChild : null;
    const number = last?.name === 'ListItem' ? (numberOf(state, asStart(last)) ?? 0) + 1 : 1;
    return { column: contentColumn(state, aboveStart), number };
  }
  const parent = start.item.parent?.parent;
  if (parent?.name !== 'ListItem') {
    const column = markColumn(state, start);
    return column > 0 ? { column: 0, number: numberOf(state, start) ?? 1 } : null;
  }
  const parentStart = asStart(parent);
  return {
    column: markColumn(state, parentStart),
    number: (numberOf(state, parentStart) ?? 0) + 1,
  };
}

/** Moves a line's start by `delta` columns, in spaces; blank lines are left alone. */
function shiftLine(state: EditorState, line: Line, delta: number): ChangeSpec | null {
  if (line.text.trim() === '') return null;
  const lead = leadingSpace(line.text);
  const width = countColumn(lead, state.tabSize);
  const next = Math.max(0, width + delta);
  return next === width
    ? null
    : { from: line.from, to: line.from + lead.length, insert: ' '.repeat(next) };
}

/**
 * Tab (direction 1) nests the list items at the selection under the item above them; Shift+Tab
 * (-1) moves them out a level. Each item's own sub-items move with it, and an ordered item takes
 * the number that follows in its new list. Null when the selection starts on no list item, so
 * the caller can indent plain text instead.
 */
export function shiftListItems(state: EditorState, direction: 1 | -1): TransactionSpec | null {
  const changes: ChangeSpec[] = [];
  const done = new Set<number>();
  let anyItem = false;
  for (const range of state.selection.ranges) {
    const first = state.doc.lineAt(range.from);
    const start = itemStartingOn(state, first);
    if (!start) continue;
    anyItem = true;
    const where = target(state, start, direction);
    if (!where) continue;
    const delta = where.column - markColumn(state, start);
    // The selected lines, and all the lines of the last item starting among them.
    let lastLine = state.doc.lineAt(range.to).number;
    for (let n = first.number; n <= lastLine; n += 1) {
      const inner = itemStartingOn(state, state.doc.line(n));
      if (inner) lastLine = Math.max(lastLine, state.doc.lineAt(inner.item.to).number);
    }
    lastLine = Math.max(lastLine, state.doc.lineAt(start.item.to).number);
    for (let n = first.number; n <= lastLine; n += 1) {
      if (done.has(n)) continue;
      done.add(n);
      const change = shiftLine(state, state.doc.line(n), delta);
      if (change) changes.push(change);
    }
    if (numberOf(state, start) !== null) {
      const digits = /^\d+/.exec(state.sliceDoc(start.mark.from, start.mark.to))?.[0] ?? '';
      changes.push({
        from: start.mark.from,
        to: start.mark.from + digits.length,
        insert: String(where.number),
      });
    }
  }
  if (!anyItem) return null;
  return { changes, scrollIntoView: true, userEvent: direction > 0 ? 'indent' : 'dedent' };
}
