import { syntaxTree } from '@codemirror/language';
import { type EditorState, RangeSetBuilder, type TransactionSpec } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  type EditorView,
  ViewPlugin,
  type ViewUpdate,
  WidgetType,
} from '@codemirror/view';
import { spokenLine } from '../../speech/spoken-markdown.js';

const MARKER = /^\[[ xX]\]$/;

/** The edit that ticks or unticks the task box `[ ]` / `[x]` written at `from`. */
export function toggleTaskAt(state: EditorState, from: number): TransactionSpec | null {
  const written = state.sliceDoc(from, from + 3);
  if (!MARKER.test(written)) return null;
  const insert = written === '[ ]' ? '[x]' : '[ ]';
  return { changes: { from: from + 1, to: from + 2, insert: insert[1] }, userEvent: 'input.task' };
}

/** Ctrl/Cmd+Enter on a task's line ticks or unticks it, for the keyboard. */
export function toggleTaskOnLine(view: EditorView): boolean {
  const line = view.state.doc.lineAt(view.state.selection.main.head);
  let marker: number | null = null;
  syntaxTree(view.state).iterate({
    from: line.from,
    to: line.to,
    enter: (node) => {
      if (node.name === 'TaskMarker' && marker === null && node.from >= line.from) {
        marker = node.from;
      }
    },
  });
  const spec = marker === null ? null : toggleTaskAt(view.state, marker);
  if (!spec) return false;
  view.dispatch(spec);
  return true;
}

/** As much of a task's line as its box's name needs. */
const ITEM_NAME_MAX = 400;

/** A task box is named by its item and its state ("Apples, done"), as a screen reader says it. */
const taskName = (item: string, checked: boolean) =>
  `${spokenLine(item) || 'Task'}, ${checked ? 'done' : 'not done'}`;

class TaskBox extends WidgetType {
  constructor(
    readonly checked: boolean,
    readonly item: string,
  ) {
    super();
  }

  override eq(other: TaskBox) {
    return other.checked === this.checked && other.item === this.item;
  }

  toDOM(view: EditorView) {
    // A label around the box: on a phone its padding is the larger place a finger can hit.
    const hit = document.createElement('label');
    hit.className = 'cm-task-hit';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.className = 'cm-task-box';
    box.checked = this.checked;
    box.setAttribute('aria-label', taskName(this.item, this.checked));
    // The text decides: the click becomes an edit, and the box is drawn again from the text.
    hit.addEventListener('mousedown', (event) => event.preventDefault());
    box.addEventListener('click', (event) => {
      event.preventDefault();
      const spec = toggleTaskAt(view.state, view.posAtDOM(hit));
      if (spec) view.dispatch(spec);
    });
    hit.append(box);
    return hit;
  }

  override ignoreEvent() {
    return true;
  }
}

function taskBoxes(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const { from, to } of view.visibleRanges) {
    syntaxTree(view.state).iterate({
      from,
      to,
      enter: (node) => {
        if (node.name !== 'TaskMarker') return;
        const checked = view.state.sliceDoc(node.from, node.to) !== '[ ]';
        const lineEnd = view.state.doc.lineAt(node.to).to;
        const item = view.state.sliceDoc(node.to, Math.min(lineEnd, node.to + ITEM_NAME_MAX));
        const widget = new TaskBox(checked, item);
        builder.add(node.from, node.to, Decoration.replace({ widget }));
      },
    });
  }
  return builder.finish();
}

/**
 * `- [ ]` and `- [x]` show a real checkbox that ticks with one click. Ticking is an edit of the
 * text like any other: it is saved, undone and synced the same way.
 */
export const taskBoxDrawer = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = taskBoxes(view);
    }
    update(update: ViewUpdate) {
      const treeChanged = syntaxTree(update.state) !== syntaxTree(update.startState);
      if (update.docChanged || update.viewportChanged || treeChanged) {
        this.decorations = taskBoxes(update.view);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);
