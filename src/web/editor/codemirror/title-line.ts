import { type EditorState, RangeSetBuilder } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { titleLineStart } from '../../../shared/wiki-links.js';

/** How much of the start of a note is read to find its title line: front matter and all. */
const HEAD_CHARS = 32 * 1024;

const titleLine = Decoration.line({ class: 'cm-title-line' });

function titleDecoration(state: EditorState): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  const start = titleLineStart(state.doc.sliceString(0, HEAD_CHARS));
  if (start !== undefined) builder.add(start, start, titleLine);
  return builder.finish();
}

/**
 * The note's title line (its first line with text, after any front matter: what the list and
 * links call the note) looks like a title, whether or not it is written as a heading.
 */
export const titleLineStyle = [
  ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      constructor(view: EditorView) {
        this.decorations = titleDecoration(view.state);
      }
      update(update: ViewUpdate) {
        if (update.docChanged) this.decorations = titleDecoration(update.state);
      }
    },
    { decorations: (plugin) => plugin.decorations },
  ),
  EditorView.baseTheme({
    '.cm-line.cm-title-line': { fontSize: '1.4em', fontWeight: '700', lineHeight: '1.35' },
  }),
];
