import { syntaxTree } from '@codemirror/language';
import { type EditorState, type Line, RangeSetBuilder } from '@codemirror/state';
import {
  type Decoration,
  type DecorationSet,
  type EditorView,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';

/** Whether the text at `pos` lies inside a syntax node with one of these names. */
export function insideNodeNamed(state: EditorState, pos: number, names: ReadonlySet<string>) {
  for (let node = syntaxTree(state).resolveInner(pos, 1); ; node = node.parent) {
    if (names.has(node.name)) return true;
    if (!node.parent) return false;
  }
}

/** One mark a line holds, at offsets in the document. */
export interface LineMark {
  from: number;
  to: number;
  mark: Decoration;
}

function visibleMarks(view: EditorView, marksOn: (state: EditorState, line: Line) => LineMark[]) {
  const builder = new RangeSetBuilder<Decoration>();
  const { state } = view;
  let lastLine = 0;
  for (const { from, to } of view.visibleRanges) {
    for (let pos = from; pos <= to; ) {
      const line = state.doc.lineAt(pos);
      pos = line.to + 1;
      if (line.number <= lastLine) continue;
      lastLine = line.number;
      for (const { from: start, to: end, mark } of marksOn(state, line)) {
        builder.add(start, end, mark);
      }
    }
  }
  return builder.finish();
}

/**
 * Marks found line by line in the visible part of the text only, found again when the text,
 * the visible part or the parse changes, and whenever `alsoWhen` says so.
 */
export function visibleLineMarks(
  marksOn: (state: EditorState, line: Line) => LineMark[],
  alsoWhen: (update: ViewUpdate) => boolean = () => false,
) {
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      constructor(view: EditorView) {
        this.decorations = visibleMarks(view, marksOn);
      }
      update(update: ViewUpdate) {
        const treeChanged = syntaxTree(update.state) !== syntaxTree(update.startState);
        if (update.docChanged || update.viewportChanged || treeChanged || alsoWhen(update)) {
          this.decorations = visibleMarks(update.view, marksOn);
        }
      }
    },
    { decorations: (plugin) => plugin.decorations },
  );
}
