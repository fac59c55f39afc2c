import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { linkTarget } from './link-target.js';

/** The address of the link written at `pos`: a bare or `<…>` URL, or a `[text](url)`. */
function linkAt(state: EditorState, pos: number): string | null {
  for (let node = syntaxTree(state).resolveInner(pos, 1); ; node = node.parent) {
    if (node.name === 'URL') return linkTarget(state.sliceDoc(node.from, node.to));
    if (node.name === 'Link' || node.name === 'Autolink') {
      const url = node.getChild('URL');
      return url ? linkTarget(state.sliceDoc(url.from, url.to)) : null;
    }
    if (!node.parent) return null;
  }
}

/**
 * Ctrl/Cmd+click on a link opens it in a new tab, cut off from the app (`noopener`,
 * `noreferrer`); a plain click places the cursor as anywhere else, so links stay editable.
 */
export const linkOpening = EditorView.domEventHandlers({
  mousedown(event, view) {
    if (event.button !== 0 || !(event.ctrlKey || event.metaKey) || event.altKey) return false;
    // Past the end of a line the target is the line itself, not the link's text.
    const target = event.target;
    if (!(target instanceof Element) || target.classList.contains('cm-line')) return false;
    const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
    const href = pos === null ? null : linkAt(view.state, pos);
    if (!href) return false;
    event.preventDefault();
    window.open(href, '_blank', 'noopener,noreferrer');
    return true;
  },
});
