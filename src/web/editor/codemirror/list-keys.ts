import { indentLess, indentMore } from '@codemirror/commands';
import { insertNewlineContinueMarkupCommand } from '@codemirror/lang-markdown';
import type { EditorState, TransactionSpec } from '@codemirror/state';
import type { Command, KeyBinding } from '@codemirror/view';
import { endBlockAtEmptyLine } from './end-block.js';
import { shiftListItems } from './list-indent.js';

function firstOf(
  find: (state: EditorState) => TransactionSpec | null,
  otherwise: Command,
): Command {
  return (view) => {
    if (view.state.readOnly) return false;
    const spec = find(view.state);
    if (!spec) return otherwise(view);
    view.dispatch(spec);
    return true;
  };
}

// Enter on an empty nested item goes up a level; CodeMirror's default would instead open a
// blank line in a tight list at its second item.
const continueMarkup = insertNewlineContinueMarkupCommand({ nonTightLists: false });

/**
 * Keys that make lists behave as in a writer's tool. Enter continues a list or a quote and ends
 * it at an empty line. Tab nests a list item and Shift+Tab moves it out; elsewhere they indent the line.
 * Either way Tab stays in the editor, so what is typed next lands in the note; Escape then Tab
 * still leaves (CodeMirror's tab-focus mode), as the editor's description says.
 */
export const listKeys: KeyBinding[] = [
  { key: 'Enter', run: firstOf(endBlockAtEmptyLine, continueMarkup) },
  {
    key: 'Tab',
    run: firstOf((state) => shiftListItems(state, 1), indentMore),
    shift: firstOf((state) => shiftListItems(state, -1), indentLess),
  },
];
