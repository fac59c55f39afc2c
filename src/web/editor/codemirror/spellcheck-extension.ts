import { Prec } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import type { SpellChecker } from '../spellcheck/spell-checker.js';
import { spellCheckPlugin } from './spell-check-plugin.js';
import { spellMarks } from './spell-marks.js';
import { openSpellMenuAtCursor, spellContextMenu, spellMenuPlugin } from './spell-menu-plugin.js';

/**
 * Spell checking in the checker's language: marks, the checking loop, and the suggestions menu
 * (mouse and keys); "Add to dictionary" hands the word to `addWord`, which keeps it for the
 * account.
 */
export function spellcheck(checker: SpellChecker, addWord: (word: string) => void) {
  const menu = spellMenuPlugin(checker, addWord);
  const openMenu = openSpellMenuAtCursor(menu);
  return [
    spellMarks,
    spellCheckPlugin(checker),
    menu,
    spellContextMenu(menu),
    Prec.high(
      keymap.of([
        { key: 'Mod-.', run: openMenu },
        { key: 'Shift-F10', run: openMenu },
      ]),
    ),
  ];
}
