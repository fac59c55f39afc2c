import { syntaxTree } from '@codemirror/language';
import type { EditorState, Line } from '@codemirror/state';
import { Decoration, EditorView } from '@codemirror/view';
import { PROPERTIES_HEAD_CHARS, propertiesBlock } from '../../../shared/note-properties.js';
import { tagName } from '../../../shared/note-tags.js';
import { type LineMark, visibleLineMarks } from './line-marks.js';
import { noteActions } from './note-actions.js';

// Where the properties block ends, per state: a tag's `#` inside it is YAML, not a tag.
const propertiesEnd = new WeakMap<EditorState, number>();

function propertiesEndOf(state: EditorState): number {
  let end = propertiesEnd.get(state);
  if (end === undefined) {
    end = propertiesBlock(state.sliceDoc(0, PROPERTIES_HEAD_CHARS))?.to ?? 0;
    propertiesEnd.set(state, end);
  }
  return end;
}

/** The line's tags as the Markdown reader finds them (shared/markdown/): none in code or links. */
function tagMarksOn(state: EditorState, line: Line): LineMark[] {
  if (!line.text.includes('#') || line.to <= propertiesEndOf(state)) return [];
  const marks: LineMark[] = [];
  syntaxTree(state).iterate({
    from: line.from,
    to: line.to,
    enter(node) {
      if (node.name !== 'Tag') return true;
      const written = state.sliceDoc(node.from + 1, node.to);
      const mark = Decoration.mark({
        class: 'cm-tag',
        attributes: { 'data-tag': tagName(written), title: `Show the notes tagged #${written}` },
      });
      marks.push({ from: node.from, to: node.to, mark });
      return false;
    },
  });
  return marks;
}

const tagMarker = visibleLineMarks(tagMarksOn);

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
