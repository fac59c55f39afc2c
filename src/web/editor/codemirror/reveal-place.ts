import { EditorSelection } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { linkKey } from '../../../shared/wiki-links.js';
import { takePendingPlace } from '../pending-place.js';
import { noteOfState } from './attachment-uploads.js';

const ATX_HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/**
 * Puts the cursor on the heading a `[[Title#Heading]]` names (compared as link names are), or
 * on the block a `[[Title#^id]]` names (the line ending in ` ^id`, or the `^id` line under a
 * list or table), and scrolls it to the top; false when the note has no such place.
 */
export function revealHeading(view: EditorView, heading: string): boolean {
  const isPlace = heading.startsWith('^') ? endsInBlockId(heading) : isHeading(linkKey(heading));
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

function isHeading(wanted: string): (line: string) => boolean {
  return (line) => {
    if (!line.includes('#')) return false;
    const text = ATX_HEADING.exec(line)?.[1];
    return text !== undefined && linkKey(text) === wanted;
  };
}

function endsInBlockId(id: string): (line: string) => boolean {
  return (line) => {
    const text = line.trimEnd();
    return (
      text.endsWith(id) &&
      (text.length === id.length || /\s/.test(text[text.length - id.length - 1] ?? ''))
    );
  };
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
