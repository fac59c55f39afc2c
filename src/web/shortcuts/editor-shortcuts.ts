import type { KeyChord } from './shortcuts.js';

/** A key the note editor answers itself; the dialog lists it, the editor's keymap obeys it. */
export interface EditorShortcut {
  description: string;
  chords: KeyChord[];
  /** The chords are pressed one after the other, not as alternatives. */
  inTurn?: boolean;
}

/**
 * What the editor does with keys while focus is in it, listed in the "Keyboard shortcuts"
 * dialog beside the app's own. Change it with the editor's keymaps (note-state, list-keys).
 */
export const EDITOR_SHORTCUTS: readonly EditorShortcut[] = [
  { description: 'Find and replace in the note', chords: [{ code: 'KeyF', mod: true }] },
  { description: 'Tick or untick the task on this line', chords: [{ key: 'Enter', mod: true }] },
  {
    description: 'Open the [[linked note]] at the cursor (creates it if missing)',
    chords: [{ key: 'Enter', alt: true }],
  },
  { description: 'Bold', chords: [{ code: 'KeyB', mod: true }] },
  { description: 'Italic', chords: [{ code: 'KeyI', mod: true }] },
  {
    description: 'Leave the editor (Tab alone indents)',
    chords: [{ key: 'Escape' }, { key: 'Tab' }],
    inTurn: true,
  },
];
