import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
  pickedCompletion,
} from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { type LinkOffer, noteActions } from './note-actions.js';
import { inCode } from './wiki-link-marks.js';

/** Titles offered at once; typing narrows them, so a long list would only be scrolled past. */
const SHOWN = 30;

// `[[` and what has been typed of the title since, on this line.
const TYPED_LINK = /\[\[[^[\]|#`\r\n]*$/;
// A title with these would not read back as the same link.
const NOT_LINKABLE = /[[\]|#`]/;
const unlinkable = (name: string) => NOT_LINKABLE.test(name);

/**
 * What a chosen note writes into the link: its title, or for an alias the title shown as the
 * alias (`Title|alias`), so the link still leads there should the alias go.
 */
const linkText = (offer: LinkOffer) =>
  offer.title === undefined ? offer.name : `${offer.title}|${offer.name}`;

/** Writes the chosen note's link text and closes the link (once), the cursor after it. */
const insertLink =
  (text: string) => (view: EditorView, completion: Completion, from: number, to: number) => {
    const closed = view.state.sliceDoc(to, to + 2) === ']]';
    const insert = closed ? text : `${text}]]`;
    view.dispatch({
      changes: { from, to, insert },
      selection: { anchor: from + text.length + 2 },
      annotations: pickedCompletion.of(completion),
      userEvent: 'input.complete',
      scrollIntoView: true,
    });
  };

function linkCompletions(context: CompletionContext): CompletionResult | null {
  const typed = context.matchBefore(TYPED_LINK);
  if (!typed || inCode(context.state, typed.from + 1)) return null;
  const from = typed.from + 2;
  const query = context.state.sliceDoc(from, context.pos);
  const offers = context.state.facet(noteActions).linkTitles(query, SHOWN * 2);
  const options = offers
    .filter(({ name, title }) => name !== '' && ![name, title ?? ''].some(unlinkable))
    .slice(0, SHOWN)
    .map(
      (offer): Completion => ({
        label: offer.name,
        // An alias says whose it is.
        ...(offer.title !== undefined && { detail: `→ ${offer.title}` }),
        apply: insertLink(linkText(offer)),
      }),
    );
  // Already ranked as the quick switcher ranks titles: shown in this order, not re-filtered.
  return { from, options, filter: false };
}

/**
 * Typing `[[` offers the notes by title and alias, narrowed as more is typed; arrows choose, Enter
 * completes the link, Escape closes the list and leaves the text as typed.
 */
export const linkCompletion = autocompletion({
  override: [linkCompletions],
  // The titles are ranked on the spot, so they follow each key rather than a pause in typing.
  activateOnTypingDelay: 0,
  icons: false,
  maxRenderedOptions: SHOWN,
});
