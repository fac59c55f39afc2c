import { describe, expect, it } from 'vitest';
import { chordLabel, SHORTCUTS, shortcutFor } from './shortcuts.js';

const press = (
  key: string,
  code: string,
  mods: Partial<Record<'ctrl' | 'meta' | 'alt' | 'shift', boolean>> = {},
) => ({
  key,
  code,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  altKey: mods.alt ?? false,
  shiftKey: mods.shift ?? false,
});

describe('the shortcut table', () => {
  it('finds the shortcut of a key press', () => {
    expect(shortcutFor(press('k', 'KeyK', { ctrl: true }), true)?.id).toBe('search');
    expect(shortcutFor(press('k', 'KeyK', { meta: true }), false)?.id).toBe('search');
    expect(shortcutFor(press('p', 'KeyP', { ctrl: true }), true)?.id).toBe('quickSwitcher');
    expect(shortcutFor(press('Π', 'KeyP', { alt: true, shift: true }), true)?.id).toBe(
      'togglePreview',
    );
    expect(shortcutFor(press('N', 'KeyN', { alt: true, shift: true }), true)?.id).toBe('newNote');
    expect(shortcutFor(press('H', 'KeyH', { alt: true, shift: true }), true)?.id).toBe(
      'showHistory',
    );
  });

  it('leaves plain keys to text fields, and ignores presses it does not know', () => {
    expect(shortcutFor(press('/', 'Slash'), false)?.id).toBe('search');
    expect(shortcutFor(press('/', 'Slash'), true)).toBeUndefined();
    expect(shortcutFor(press('?', 'Slash', { shift: true }), false)?.id).toBe('showShortcuts');
    expect(shortcutFor(press('?', 'Slash', { shift: true }), true)).toBeUndefined();
    expect(shortcutFor(press('k', 'KeyK'), false)).toBeUndefined();
    expect(shortcutFor(press('n', 'KeyN', { alt: true }), false)).toBeUndefined();
  });

  it('labels chords for each platform, and every shortcut has one', () => {
    expect(chordLabel({ code: 'KeyK', mod: true }, false)).toEqual(['Ctrl', 'K']);
    expect(chordLabel({ code: 'KeyK', mod: true }, true)).toEqual(['⌘', 'K']);
    expect(chordLabel({ code: 'KeyP', altShift: true }, false)).toEqual(['Alt', 'Shift', 'P']);
    expect(chordLabel({ key: 'Enter', mod: true }, true)).toEqual(['⌘', 'Enter']);
    expect(chordLabel({ key: 'Escape' }, false)).toEqual(['Esc']);
    expect(chordLabel({ key: 'Enter', alt: true }, true)).toEqual(['⌥', 'Enter']);
    for (const shortcut of SHORTCUTS) expect(shortcut.chords.length).toBeGreaterThan(0);
  });
});
