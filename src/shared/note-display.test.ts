import { describe, expect, it } from 'vitest';
import { noteDisplay, noteTitle, plainTitle, shownTitle } from './note-display.js';
import { linkTitle, titleLineStart } from './wiki-links.js';

describe('noteDisplay', () => {
  it('has neither title nor preview for an empty or blank body', () => {
    expect(noteDisplay('')).toEqual({ title: undefined, preview: undefined });
    expect(noteDisplay('  \n\t\n\r\n')).toEqual({ title: undefined, preview: undefined });
  });

  it('takes the first non-blank line as title and joins the rest with spaces', () => {
    expect(noteDisplay('\n\n# Groceries\n\nmilk\n  \neggs\r\nbread')).toEqual({
      title: '# Groceries',
      preview: 'milk eggs bread',
    });
  });

  it('has no preview when only one non-blank line exists', () => {
    expect(noteDisplay('Only a title\n\n')).toEqual({ title: 'Only a title', preview: undefined });
  });

  it('truncates title and preview to 100 characters', () => {
    const long = 'a'.repeat(150);
    const display = noteDisplay(`${long}\n${'b'.repeat(60)}\n${'c'.repeat(60)}`);
    expect(display.title).toBe('a'.repeat(100));
    expect(display.preview).toBe(`${'b'.repeat(60)} ${'c'.repeat(39)}`);
  });

  it('counts an emoji as one character and never splits it', () => {
    const display = noteDisplay(`${'😀'.repeat(120)}`);
    expect(Array.from(display.title ?? '')).toHaveLength(100);
    expect(display.title).toBe('😀'.repeat(100));
  });

  it('reads only the start of a very long note', () => {
    const body = `Title\n${'word '.repeat(400_000)}`;
    expect(noteDisplay(body).preview).toHaveLength(100);
  });

  it('lists the first line, front matter too, and names links past it', () => {
    const body = '---\naliases: [Lisboa]\n---\n\n# Lisbon trip\nday 1\nday 2';
    expect(noteDisplay(body)).toEqual({
      title: '---',
      preview: 'aliases: [Lisboa] --- # Lisbon trip day 1 day 2',
    });
    expect(body.slice(titleLineStart(body))).toMatch(/^# Lisbon trip/);
    expect(linkTitle(body)).toBe('Lisbon trip');
    expect(linkTitle('---\ntags: [a]\n---\n')).toBeUndefined();
    expect(linkTitle('---\nan unclosed block')).toBe('---');
    expect(linkTitle('Title\n---\naliases: [x]\n---\n')).toBe('Title');
    expect(noteTitle('---\ntags: [a]\n---\n')).toBe('---');
  });

  it('shows "New note ..." for a note with no title in the app, "Untitled" elsewhere', () => {
    expect(shownTitle('\n  \n')).toBe('New note ...');
    expect(shownTitle('Plans\nmore')).toBe('Plans');
    expect(plainTitle('\n  \n')).toBe('Untitled');
    expect(plainTitle('---\ntags: [a]\n---\nPlans')).toBe('---');
  });
});
