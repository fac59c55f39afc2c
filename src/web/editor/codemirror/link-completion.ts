import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
  pickedCompletion,
} from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { noteActions } from './note-actions.js';
import { inCode } from './wiki-link-marks.js';

/** Titles offered at once; typing narrows them, so a long list would only be scrolled past. */
const SHOWN = 30;

// `[[` and what has been typed of the title since, on this line.
const TYPED_LINK = /\[\[[^[\]|#`\r\n]*$/;
// A title with these would not read back as the same link.
const NOT_LINKABLE = /[[\]|#`]/;

/** Writes the chosen title and closes the link (once), the cursor after it. */
function insertLink(view: EditorView, completion: Completion, from: number, to: number): void {
  const closed = view.state.sliceDoc(to, to + 2) === ']]';
  const insert = closed ? completion.label : `${completion.label}]]`;
  view.dispatch({
    changes: { from, to, insert },
    selection: { anchor: from + completion.label.length + 2 },
    annotations: pickedCompletion.of(completion),
    userEvent: 'input.complete',
    scrollIntoView: true,
  });
}

function linkCompletions(context: CompletionContext): CompletionResult | null {
  const typed = context.matchBefore(TYPED_LINK);
  if (!typed || inCode(context.state, typed.from + 1)) return null;
  const from = typed.from + 2;
  const query = context.state.sliceDoc(from, context.pos);
  const titles = context.state.facet(noteActions).linkTitles(query, SHOWN * 2);
  const options = titles
    .filter((title) => !NOT_LINKABLE.test(title))
    .slice(0, SHOWN)
    .map((title): Completion => ({ label: title, apply: insertLink }));
  // Already ranked as the quick switcher ranks titles: shown in this order, not re-filtered.
  return { from, options, filter: false };
}

/**
 * Typing `[[` offers the notes' titles, narrowed as more is typed; arrows choose, Enter
 * completes the link, Escape closes the list and leaves the text as typed.
 */
export const linkCompletion = autocompletion({
  override: [linkCompletions],
  // The titles are ranked on the spot, so they follow each key rather than a pause in typing.
  activateOnTypingDelay: 0,
  icons: false,
  maxRenderedOptions: SHOWN,
});
