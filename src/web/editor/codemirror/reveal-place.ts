import { EditorSelection } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { placeMatcher } from '../../../shared/note-section.js';
import { takePendingPlace } from '../pending-place.js';
import { noteOfState } from './attachment-uploads.js';

/**
 * Puts the cursor on the heading a `[[Title#Heading]]` names, or on the block a `[[Title#^id]]`
 * names (see note-section.ts), and scrolls it to the top; false when the note has no such place.
 */
export function revealHeading(view: EditorView, heading: string): boolean {
  const isPlace = placeMatcher(heading);
  const { doc } = view.state;
  for (let number = 1; number <= doc.lines; number += 1) {
    const line = doc.line(number);
    if (!isPlace(line.text)) continue;
    view.dispatch({
      selection: EditorSelection.cursor(line.to),
      effects: EditorView.scrollIntoView(line.from, { y: 'start' }),
    });
    return true;
  }
  return false;
}

/** Puts the cursor at `at` (as far as the text goes) and scrolls it to the middle. */
function revealOffset(view: EditorView, at: number): void {
  const pos = Math.min(Math.max(at, 0), view.state.doc.length);
  view.dispatch({
    selection: EditorSelection.cursor(pos),
    effects: EditorView.scrollIntoView(pos, { y: 'center' }),
  });
}

/** Called as a note comes into the editor: reveals the place a link or backlink asked for. */
export function revealPendingPlace(view: EditorView): void {
  const place = takePendingPlace(view.state.facet(noteOfState));
  if (place === undefined) return;
  if ('heading' in place) revealHeading(view, place.heading);
  else revealOffset(view, place.at);
}
