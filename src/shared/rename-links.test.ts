import { describe, expect, it } from 'vitest';
import { isLinkableTitle, isRename, renameLinkTargets } from './rename-links.js';

describe('renameLinkTargets', () => {
  it('renames every form of a link, keeping its heading, shown text and spacing', () => {
    const text =
      'See [[Lisbon]], [[lisbon#Day 2]], [[ LISBON | the trip ]] and [[Lisbon#Food|eat]].';
    expect(renameLinkTargets(text, 'Lisbon', 'Porto trip')).toEqual({
      text: 'See [[Porto trip]], [[Porto trip#Day 2]], [[ Porto trip | the trip ]] and [[Porto trip#Food|eat]].',
      count: 4,
    });
  });

  it('leaves other links, plain mentions and links in code alone', () => {
    const text = [
      'Lisbon, [[Lisbon Guide]], [[Other|Lisbon]], `[[Lisbon]]`',
      '```',
      '[[Lisbon]]',
      '```',
      '',
      '    [[Lisbon]]',
    ].join('\n');
    expect(renameLinkTargets(text, 'Lisbon', 'Porto')).toEqual({ text, count: 0 });
  });

  it('compares names as links do: case, accents and runs of spaces', () => {
    expect(renameLinkTargets('[[Cafe  Notes]] [[CAFÉ NOTES]]', 'Café notes', 'Bar').text).toBe(
      '[[Bar]] [[Bar]]',
    );
  });
});

describe('isRename', () => {
  it('is a rename only between two different names a link can hold', () => {
    expect(isRename('Lisbon', 'Porto')).toBe(true);
    expect(isRename('Lisbon', ' lisbon ')).toBe(false);
    expect(isRename('Lisbon', '')).toBe(false);
    expect(isRename('Lisbon', 'Meeting #1')).toBe(false);
    expect(isLinkableTitle('a [b]')).toBe(false);
    expect(isLinkableTitle('Groceries & more')).toBe(true);
  });
});
