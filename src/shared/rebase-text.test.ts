import { describe, expect, it } from 'vitest';
import { rebaseText } from './rebase-text.js';

describe('rebaseText', () => {
  it('keeps what both sides typed, the typing first at one place', () => {
    expect(rebaseText('M', 'Mthere', 'Mine entirely')).toBe('Mine entirelythere');
    expect(rebaseText('- bread\n', '- bread\n- milk\n', '- bread\n- eggs\n')).toBe(
      '- bread\n- eggs\n- milk\n',
    );
    expect(rebaseText('the quick brown fox', 'the quick red fox', 'the slow brown fox')).toBe(
      'the slow red fox',
    );
  });

  it('keeps both words when both sides replaced one word', () => {
    expect(rebaseText('a cat sat', 'a dog sat', 'a cow sat')).toBe('a cowdog sat');
  });

  it('removes what either side removed, once', () => {
    expect(rebaseText('one two three', 'one three', 'one two')).toBe('one ');
    expect(rebaseText('a b c', 'c', 'a')).toBe('');
    // One word cut down two ways is a word replaced twice: both remain.
    expect(rebaseText('abc', 'c', 'a')).toBe('ac');
  });

  it('answers the other text when one side changed nothing', () => {
    expect(rebaseText('base', 'base', 'typed')).toBe('typed');
    expect(rebaseText('base', 'stored', 'base')).toBe('stored');
  });
});
