import { describe, expect, it } from 'vitest';
import { spokenLine, spokenNote } from './spoken-markdown.js';

describe('spokenLine', () => {
  it('says a task by its text, then whether it is done', () => {
    expect(spokenLine('- [x] passport')).toBe('passport, done');
    expect(spokenLine('* [ ] visa')).toBe('visa, not done');
    expect(spokenLine('1. [X] **book** hotel')).toBe('book hotel, done');
  });

  it('drops heading, quote, list and emphasis marks but keeps the words', () => {
    expect(spokenLine('## Lisbon trip')).toBe('Lisbon trip');
    expect(spokenLine('> - quoted *item*')).toBe('quoted item');
    expect(spokenLine('~~old~~ ==new== `code`')).toBe('old new code');
    expect(spokenLine('snake_case stays, _this_ goes')).toBe('snake_case stays, this goes');
  });

  it('says links by what they show', () => {
    expect(spokenLine('see [the map](https://example.org/m) and [[Trip|our trip]]')).toBe(
      'see the map and our trip',
    );
    expect(spokenLine('![[Other note]] ![photo](a.png)')).toBe('Other note photo');
  });

  it('keeps a tag and plain text as they are', () => {
    expect(spokenLine('#travel plans for 2027')).toBe('#travel plans for 2027');
  });

  it('reads only the start of a long line, which is all that is said', () => {
    expect(spokenLine('['.repeat(200_000))).toBe('['.repeat(400));
  });
});

describe('spokenNote', () => {
  it('is the title, then the preview in words', () => {
    expect(spokenNote('# Packing\n- [x] passport\n- [ ] visa')).toBe(
      'Packing, passport, done; visa, not done',
    );
  });

  it('is the title alone without a preview, and "New note ..." without a title', () => {
    expect(spokenNote('Just a title\n\n')).toBe('Just a title');
    expect(spokenNote('  \n')).toBe('New note ...');
    expect(spokenNote('---\nbelow')).toBe('---, below');
  });
});
