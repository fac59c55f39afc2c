import { EditorSelection, type EditorState, type SelectionRange } from '@codemirror/state';
import type { Command } from '@codemirror/view';

/** Length of the run of `*` ending at `pos` (backward) or starting at it (forward). */
function starRun(state: EditorState, pos: number, direction: -1 | 1): number {
  let length = 0;
  while (true) {
    const at = direction < 0 ? pos - length - 1 : pos + length;
    if (at < 0 || at >= state.doc.length || state.sliceDoc(at, at + 1) !== '*') return length;
    length++;
  }
}

/** Whether a star run carries this marker: bold is in runs of 2 or 3, italic in 1 or 3. */
function carries(run: number, size: number): boolean {
  return run === size || run === 3;
}

function toggleRange(state: EditorState, range: SelectionRange, size: number) {
  const marker = '*'.repeat(size);
  const { from, to } = range;
  const text = state.sliceDoc(from, to);
  // Markers just outside the selection: "**|word|**".
  if (carries(starRun(state, from, -1), size) && carries(starRun(state, to, 1), size)) {
    return {
      changes: [
        { from: from - size, to: from },
        { from: to, to: to + size },
      ],
      range: EditorSelection.range(from - size, to - size),
    };
  }
  // Markers inside the selection: "|**word**|".
  const inner = /^(\*{1,3})([\s\S]*?)(\*{1,3})$/.exec(text);
  if (inner && text.length > 2 * size && carries(inner[1]!.length, size)) {
    if (carries(inner[3]!.length, size)) {
      return {
        changes: [
          { from, to: from + size },
          { from: to - size, to },
        ],
        range: EditorSelection.range(from, to - 2 * size),
      };
    }
  }
  return {
    changes: [
      { from, insert: marker },
      { from: to, insert: marker },
    ],
    range: EditorSelection.range(from + size, to + size),
  };
}

/** Wraps each selection in `*` (size 1) or `**` (size 2), or unwraps it when already wrapped. */
export function toggleMarkupChange(state: EditorState, size: 1 | 2) {
  return state.changeByRange((range) => toggleRange(state, range, size));
}

function toggleMarkup(size: 1 | 2): Command {
  return (view) => {
    if (view.state.readOnly) return false;
    const spec = toggleMarkupChange(view.state, size);
    view.dispatch(view.state.update(spec, { scrollIntoView: true, userEvent: 'input.format' }));
    return true;
  };
}

export const toggleBold = toggleMarkup(2);
export const toggleItalic = toggleMarkup(1);
