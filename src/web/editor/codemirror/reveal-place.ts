import { EditorSelection } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { linkKey } from '../../../shared/wiki-links.js';
import { noteOfState } from './attachment-uploads.js';

const ATX_HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/**
 * Puts the cursor on the heading a `[[Title#Heading]]` names (compared as link names are) and
 * scrolls it to the top; false when the note has no such heading.
 */
export function revealHeading(view: EditorView, heading: string): boolean {
  const wanted = linkKey(heading);
  const { doc } = view.state;
  for (let number = 1; number <= doc.lines; number += 1) {
    const line = doc.line(number);
    if (!line.text.includes('#')) continue;
    const text = ATX_HEADING.exec(line.text)?.[1];
    if (text === undefined || linkKey(text) !== wanted) continue;
    view.dispatch({
      selection: EditorSelection.cursor(line.to),
      effects: EditorView.scrollIntoView(line.from, { y: 'start' }),
    });
    return true;
  }
  return false;
}

// A link to another note's heading: the editor shows that note only once the app has opened it.
let pending: { noteId: string; heading: string } | undefined;

/** Reveals `heading` when the note `noteId` next comes into the editor. */
export function revealHeadingWhenOpened(noteId: string, heading: string): void {
  pending = { noteId, heading };
}

/** Called as a note comes into the editor: reveals the heading a followed link asked for. */
export function revealPendingHeading(view: EditorView): void {
  const wanted = pending;
  pending = undefined;
  if (wanted && wanted.noteId === view.state.facet(noteOfState)) {
    revealHeading(view, wanted.heading);
  }
}
