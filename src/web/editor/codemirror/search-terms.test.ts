import { describe, expect, it } from 'vitest';
import { highlightTerms, termMatchesInLine } from './search-terms.js';

/** The matched pieces of a line, for reading. */
const matched = (line: string, query: string) =>
  termMatchesInLine(line, highlightTerms(query)).map(({ from, to }) => line.slice(from, to));

describe('search highlighting', () => {
  it('finds each word as the start of a word, without case or accents', () => {
    expect(matched('Groceries: Crème brûlée and more groceries', 'gro creme')).toEqual([
      'Groceries',
      'Crème',
      'groceries',
    ]);
    expect(matched('a program', 'gram')).toEqual([]);
  });

  it('reads phrases, tags and exclusions as the search does', () => {
    expect(matched('the red lentil soup #home', '"red lentil" -soup tag:home')).toEqual([
      'red',
      'lentil',
      '#home',
    ]);
    expect(matched('home is where #homework is', 'tag:home')).toEqual(['#homework']);
  });

  it('finds text in scripts without spaces as written', () => {
    expect(matched('東京の天気と東京タワー', '東京')).toEqual(['東京', '東京']);
  });

  it('finds nothing for an empty search', () => {
    expect(matched('anything', '  ')).toEqual([]);
    expect(matched('anything', '-any')).toEqual([]);
  });
});
