import { syntaxTree } from '@codemirror/language';
import { type EditorState, RangeSetBuilder } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { tagName, tagSpans } from '../../../shared/note-tags.js';
import { noteActions } from './note-actions.js';

// Inside code and addresses a `#word` is not shown as a tag, though the list still counts it.
const NOT_HERE = new Set(['InlineCode', 'FencedCode', 'CodeBlock', 'URL', 'Autolink', 'HTMLBlock']);

function inCodeOrUrl(state: EditorState, pos: number): boolean {
  for (let node = syntaxTree(state).resolveInner(pos, 1); ; node = node.parent) {
    if (NOT_HERE.has(node.name)) return true;
    if (!node.parent) return false;
  }
}

function tagMarks(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  const { doc } = view.state;
  let lastLine = 0;
  for (const { from, to } of view.visibleRanges) {
    for (let pos = from; pos <= to; ) {
      const line = doc.lineAt(pos);
      pos = line.to + 1;
      if (line.number <= lastLine) continue;
      lastLine = line.number;
      for (const span of tagSpans(line.text)) {
        const start = line.from + span.from;
        if (inCodeOrUrl(view.state, start + 1)) continue;
        const tag = tagName(span.written);
        const mark = Decoration.mark({
          class: 'cm-tag',
          attributes: { 'data-tag': tag, title: `Show the notes tagged #${tag}` },
        });
        builder.add(start, line.from + span.to, mark);
      }
    }
  }
  return builder.finish();
}

const tagMarker = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = tagMarks(view);
    }
    update(update: ViewUpdate) {
      const treeChanged = syntaxTree(update.state) !== syntaxTree(update.startState);
      if (update.docChanged || update.viewportChanged || treeChanged) {
        this.decorations = tagMarks(update.view);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/**
 * `#tags` in the text look like tags, and a click on one filters the list by it. The click
 * still places the cursor, so a tag stays as easy to edit as any word.
 */
export const tagLinks = [
  tagMarker,
  EditorView.domEventHandlers({
    click(event, view) {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return false;
      const tag =
        event.target instanceof Element ? event.target.closest<HTMLElement>('.cm-tag') : null;
      // A drag that selected text is not a click on the tag.
      if (!tag?.dataset.tag || !view.state.selection.main.empty) return false;
      view.state.facet(noteActions).showTag(tag.dataset.tag);
      return false;
    },
  }),
];
