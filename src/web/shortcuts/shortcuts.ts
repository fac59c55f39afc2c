/**
 * Every keyboard shortcut, in one table: what the "Keyboard shortcuts" dialog lists and what the
 * key handler obeys. Note actions use Alt+Shift+letter, which neither browsers nor the editor
 * claim; "Mod" is Ctrl, or ⌘ on a Mac. To add one, add a row and an action of the same id.
 */
export type ShortcutId =
  | 'search'
  | 'quickSwitcher'
  | 'newNote'
  | 'todaysNote'
  | 'deleteNote'
  | 'focusList'
  | 'focusEditor'
  | 'togglePreview'
  | 'showHistory'
  | 'showShortcuts';

export interface KeyChord {
  /** `KeyboardEvent.code` for letters (the same key on every layout), else `key`. */
  code?: string;
  key?: string;
  mod?: boolean;
  altShift?: boolean;
  /** Alt (⌥) alone, as the editor's Alt+Enter. */
  alt?: boolean;
}

export interface Shortcut {
  id: ShortcutId;
  description: string;
  chords: KeyChord[];
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'search',
    description: 'Search notes',
    chords: [{ key: '/' }, { code: 'KeyK', mod: true }],
  },
  {
    id: 'quickSwitcher',
    description: 'Open a note by title',
    chords: [{ code: 'KeyP', mod: true }],
  },
  { id: 'newNote', description: 'New note', chords: [{ code: 'KeyN', altShift: true }] },
  {
    id: 'todaysNote',
    description: 'Open today’s note',
    chords: [{ code: 'KeyT', altShift: true }],
  },
  {
    id: 'deleteNote',
    description: 'Delete the open note',
    chords: [{ code: 'KeyD', altShift: true }],
  },
  {
    id: 'focusList',
    description: 'Go to the notes list',
    chords: [{ code: 'KeyL', altShift: true }],
  },
  {
    id: 'focusEditor',
    description: 'Go to the editor',
    chords: [{ code: 'KeyE', altShift: true }],
  },
  {
    id: 'togglePreview',
    description: 'Preview the note, or go back to editing',
    chords: [{ code: 'KeyP', altShift: true }],
  },
  {
    id: 'showHistory',
    description: 'Show the open note’s history',
    chords: [{ code: 'KeyH', altShift: true }],
  },
  { id: 'showShortcuts', description: 'Show keyboard shortcuts', chords: [{ key: '?' }] },
];

export interface KeyEventLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

function chordMatches(chord: KeyChord, event: KeyEventLike): boolean {
  const mod = event.ctrlKey || event.metaKey;
  if (chord.mod !== undefined && chord.mod !== mod) return false;
  if (chord.altShift && !(event.altKey && event.shiftKey)) return false;
  if (chord.alt && !(event.altKey && !event.shiftKey)) return false;
  if (!chord.mod && !chord.altShift && !chord.alt && (mod || event.altKey)) return false;
  if (chord.mod && event.altKey) return false;
  return chord.code !== undefined ? chord.code === event.code : chord.key === event.key;
}

/** The shortcut a key press asks for, if any; `inField` when focus is in a text field. */
export function shortcutFor(event: KeyEventLike, inField: boolean): Shortcut | undefined {
  // Plain keys (`/`, `?`) would type text in a field, so they act only outside one.
  const usable = (chord: KeyChord) => !inField || chord.mod || chord.altShift;
  return SHORTCUTS.find((shortcut) =>
    shortcut.chords.some((chord) => usable(chord) && chordMatches(chord, event)),
  );
}

/** Key names as keyboards print them. */
const KEY_CAPS: Record<string, string> = { Escape: 'Esc' };

/** How a chord is written for people, e.g. ["Ctrl", "K"] or ["⌘", "K"]. */
export function chordLabel(chord: KeyChord, mac: boolean): string[] {
  const name = chord.code?.replace(/^Key/, '') ?? chord.key ?? '';
  const key = KEY_CAPS[name] ?? name;
  if (chord.mod) return [mac ? '⌘' : 'Ctrl', key];
  if (chord.altShift) return [mac ? '⌥' : 'Alt', mac ? '⇧' : 'Shift', key];
  if (chord.alt) return [mac ? '⌥' : 'Alt', key];
  return [key];
}
