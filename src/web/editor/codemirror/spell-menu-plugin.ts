import { isolateHistory } from '@codemirror/commands';
import { type Command, EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import type { SpellChecker } from '../spellcheck/spell-checker.js';
import { misspellingAt, type WordAt } from './spell-marks.js';
import { openSpellMenu } from './spell-menu.js';

/** Replaces a misspelled word by a suggestion as one undoable step, if it is still there. */
function replaceWord(view: EditorView, target: WordAt, suggestion: string): void {
  if (view.state.sliceDoc(target.from, target.to) !== target.word) return;
  view.dispatch({
    changes: { from: target.from, to: target.to, insert: suggestion },
    selection: { anchor: target.from + suggestion.length },
    annotations: isolateHistory.of('full'),
    userEvent: 'input.complete',
  });
}

/** Owns the one open spelling menu of a view; it closes on edits, scrolling and note switches. */
export function spellMenuPlugin(checker: SpellChecker, addWord: (word: string) => void) {
  return ViewPlugin.define((view) => {
    let closeMenu: (() => void) | undefined;
    let opening = 0;
    const onScroll = () => closeMenu?.();
    view.scrollDOM.addEventListener('scroll', onScroll);

    const open = async (target: WordAt, left: number, top: number) => {
      closeMenu?.();
      const ticket = ++opening;
      const suggestions = await checker.suggest(target.word);
      // Something else happened meanwhile (another menu, an edit): this one is stale.
      if (ticket !== opening || view.state.sliceDoc(target.from, target.to) !== target.word) return;
      closeMenu = openSpellMenu(view.dom, {
        left,
        top,
        suggestions,
        onChoose: (suggestion) => replaceWord(view, target, suggestion),
        onAddToDictionary: () => addWord(target.word),
        onClose: (refocus) => {
          closeMenu = undefined;
          if (refocus) view.focus();
        },
      });
    };

    return {
      open,
      update(update: ViewUpdate) {
        if (update.docChanged) {
          opening++;
          closeMenu?.();
        }
      },
      destroy() {
        opening++;
        closeMenu?.();
        view.scrollDOM.removeEventListener('scroll', onScroll);
      },
    };
  });
}

type SpellMenuPlugin = ReturnType<typeof spellMenuPlugin>;

/** Opens the menu for the misspelled word at the cursor; declines (false) when there is none. */
export function openSpellMenuAtCursor(plugin: SpellMenuPlugin): Command {
  return (view) => {
    const target = misspellingAt(view.state, view.state.selection.main.head);
    const menu = view.plugin(plugin);
    const coords = target && view.coordsAtPos(target.from);
    if (!target || !menu || !coords) return false;
    void menu.open(target, coords.left, coords.bottom + 2);
    return true;
  };
}

/** Right-click on a misspelled word shows our menu; anywhere else the browser's own. */
export function spellContextMenu(plugin: SpellMenuPlugin) {
  return EditorView.domEventHandlers({
    contextmenu(event, view) {
      const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
      const target = pos === null ? null : misspellingAt(view.state, pos);
      const menu = view.plugin(plugin);
      if (!target || !menu) return false;
      event.preventDefault();
      void menu.open(target, event.clientX, event.clientY);
      return true;
    },
  });
}
