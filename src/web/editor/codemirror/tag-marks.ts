import type { EditorState, Line } from '@codemirror/state';
import { Decoration, EditorView } from '@codemirror/view';
import { tagName, tagSpans } from '../../../shared/note-tags.js';
import { insideNodeNamed, type LineMark, visibleLineMarks } from './line-marks.js';
import { noteActions } from './note-actions.js';

// Inside code and addresses a `#word` is not shown as a tag, though the list still counts it.
const NOT_HERE = new Set(['InlineCode', 'FencedCode', 'CodeBlock', 'URL', 'Autolink', 'HTMLBlock']);

const inCodeOrUrl = (state: EditorState, pos: number) => insideNodeNamed(state, pos, NOT_HERE);

function tagMarksOn(state: EditorState, line: Line): LineMark[] {
  const marks: LineMark[] = [];
  for (const span of tagSpans(line.text)) {
    const start = line.from + span.from;
    if (inCodeOrUrl(state, start + 1)) continue;
    const tag = tagName(span.written);
    const mark = Decoration.mark({
      class: 'cm-tag',
      attributes: { 'data-tag': tag, title: `Show the notes tagged #${tag}` },
    });
    marks.push({ from: start, to: line.from + span.to, mark });
  }
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
