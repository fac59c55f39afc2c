import { Prec } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import type { SpellChecker } from '../spellcheck/spell-checker.js';
import { spellCheckPlugin } from './spell-check-plugin.js';
import { spellMarks } from './spell-marks.js';
import { openSpellMenuAtCursor, spellContextMenu, spellMenuPlugin } from './spell-menu-plugin.js';

/** English spell checking: marks, the checking loop, and the suggestions menu (mouse and keys). */
export function spellcheck(checker: SpellChecker) {
  const menu = spellMenuPlugin(checker);
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
