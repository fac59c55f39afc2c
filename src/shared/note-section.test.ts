import { describe, expect, it } from 'vitest';
import { noteSection } from './note-section.js';

const GUIDE = [
  '# Guide',
  'Intro.',
  '',
  '## Day 1',
  'Walk. ^walk',
  'More of day one.',
  '',
  '- first',
  '- second ^second',
  '',
  '```',
  '## Not a heading',
  '```',
  '### Morning',
  'Coffee.',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '^table',
  '',
  '## Day 2',
  'Rest.',
].join('\n');

describe('the part of a note a link names', () => {
  it('is a heading’s section, to the next heading as high, code left out of the count', () => {
    expect(noteSection(GUIDE, 'day 1')).toBe(
      GUIDE.slice(GUIDE.indexOf('## Day 1'), GUIDE.indexOf('\n\n## Day 2')),
    );
    expect(noteSection(GUIDE, 'Morning')).toBe(
      GUIDE.slice(GUIDE.indexOf('### Morning'), GUIDE.indexOf('\n\n## Day 2')),
    );
    expect(noteSection(GUIDE, 'Not a heading')).toBeUndefined();
  });

  it('is a block: the paragraph, the list item, or the table above a ^id line', () => {
    expect(noteSection(GUIDE, '^walk')).toBe('Walk. ^walk\nMore of day one.');
    expect(noteSection(GUIDE, '^second')).toBe('- second ^second');
    expect(noteSection(GUIDE, '^table')).toBe('| a | b |\n|---|---|\n| 1 | 2 |');
    expect(noteSection(GUIDE, '^none')).toBeUndefined();
  });
});
