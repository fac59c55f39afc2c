import { syntaxTree } from '@codemirror/language';
import { type EditorState, type Line, Prec } from '@codemirror/state';
import { type Command, Decoration, EditorView } from '@codemirror/view';
import { wikiLinkAt as linkWrittenAt, type WikiLink } from '../../../shared/wiki-links.js';
import { revealWhenOpened } from '../pending-place.js';
import { noteOfState } from './attachment-uploads.js';
import { insideNodeNamed, type LineMark, visibleLineMarks } from './line-marks.js';
import { noteActions } from './note-actions.js';
import { revealHeading } from './reveal-place.js';

// Code is not text: a `[[…]]` in it is not a link.
const CODE = new Set(['InlineCode', 'FencedCode', 'CodeBlock', 'HTMLBlock']);

export const inCode = (state: EditorState, pos: number) => insideNodeNamed(state, pos, CODE);

/** The links on the line at `lineFrom`, as the Markdown reader finds them, offsets in the document. */
function linksOnLine(state: EditorState, lineFrom: number, text: string): WikiLink[] {
  if (!text.includes('[[')) return [];
  const links: WikiLink[] = [];
  syntaxTree(state).iterate({
    from: lineFrom,
    to: lineFrom + text.length,
    enter(node) {
      if (node.name !== 'WikiLink') return true;
      const link = linkWrittenAt(text, node.from - lineFrom);
      if (link) links.push({ ...link, from: node.from, to: node.to });
      return false;
    },
  });
  return links;
}

/** The link the position is in or touches, if any. */
export function wikiLinkAt(state: EditorState, pos: number): WikiLink | undefined {
  const line = state.doc.lineAt(pos);
  return linksOnLine(state, line.from, line.text).find(
    (link) => link.from <= pos && pos <= link.to,
  );
}

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

function linkMarksOn(state: EditorState, line: Line): LineMark[] {
  const actions = state.facet(noteActions);
  const keys = isMac() ? '⌘+click or ⌥+Enter' : 'Ctrl+click or Alt+Enter';
  return linksOnLine(state, line.from, line.text).map((link) => {
    const found = actions.resolveLink(link.target) !== undefined;
    const namesakes = found ? actions.namesakes(link.target) : 0;
    const open = `Open “${link.target}” (${keys})`;
    const mark = Decoration.mark({
      class: found ? 'cm-wiki-link' : 'cm-wiki-link cm-wiki-link-unresolved',
      attributes: {
        title: !found
          ? `No note is titled “${link.target}”: ${keys} creates it`
          : namesakes > 1
            ? `${open}. ${namesakes} notes go by this name: the link opens the one changed last.`
            : open,
      },
    });
    return { from: link.from, to: link.to, mark };
  });
}

// Coming back to the editor, notes may have been made or renamed meanwhile. The lowest
// precedence draws a link's mark outside the others (a misspelling inside it, say), so a link
// stays one element with one title and one click target.
const wikiLinkMarker = Prec.lowest(visibleLineMarks(linkMarksOn, (update) => update.focusChanged));

/** Opens the note a link names (at its heading), or creates it when no note has that title. */
function follow(view: EditorView, link: WikiLink): void {
  const actions = view.state.facet(noteActions);
  const id = actions.resolveLink(link.target);
  if (id === undefined) {
    actions.createLinkedNote(link.target);
    return;
  }
  if (id === view.state.facet(noteOfState)) {
    if (link.heading) revealHeading(view, link.heading);
    return;
  }
  if (link.heading) revealWhenOpened(id, { heading: link.heading });
  actions.openNote(id);
}

/** Alt+Enter: follows the link at the cursor; elsewhere the key does nothing of its own. */
export const followLinkAtCursor: Command = (view) => {
  const { main } = view.state.selection;
  const link = main.empty ? wikiLinkAt(view.state, main.head) : undefined;
  if (!link) return false;
  follow(view, link);
  return true;
};

/**
 * `[[links]]` look like links, dashed when no note has their title. Ctrl/Cmd+click follows
 * one; a plain click places the cursor, so a link stays as easy to edit as any text.
 */
export const noteLinkMarks = [
  wikiLinkMarker,
  EditorView.domEventHandlers({
    mousedown(event, view) {
      if (event.button !== 0 || !(event.ctrlKey || event.metaKey) || event.altKey) return false;
      const target = event.target;
      if (!(target instanceof Element) || !target.closest('.cm-wiki-link')) return false;
      const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
      const link = pos === null ? undefined : wikiLinkAt(view.state, pos);
      if (!link) return false;
      event.preventDefault();
      follow(view, link);
      return true;
    },
  }),
];
