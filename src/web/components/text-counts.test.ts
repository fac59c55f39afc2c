import { describe, expect, it } from 'vitest';
import { textCounts } from './text-counts.js';

describe('textCounts', () => {
  it('counts words between spaces and punctuation, not the marks themselves', () => {
    expect(textCounts('# Shopping list\n- milk, eggs & bread!')).toEqual({
      words: 5,
      characters: 37,
    });
  });

  it('counts a character as seen: an emoji, a flag or a letter with its accent is one', () => {
    expect(textCounts('café 👍🏽 🇵🇹').characters).toBe(8);
    expect(textCounts('cafe\u0301').characters).toBe(4);
  });

  it('counts words in text written without spaces', () => {
    expect(textCounts('東京タワーに行く').words).toBeGreaterThan(1);
  });

  it('counts nothing in an empty note', () => {
    expect(textCounts('')).toEqual({ words: 0, characters: 0 });
  });
});
