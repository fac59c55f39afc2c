import { describe, expect, it } from 'vitest';
import { fuzzyMatch } from './fuzzy-match.js';

const rank = (query: string, titles: string[]) =>
  titles
    .map((title) => ({ title, match: fuzzyMatch(query, title) }))
    .filter((entry) => entry.match)
    .sort((a, b) => (b.match?.score ?? 0) - (a.match?.score ?? 0))
    .map((entry) => entry.title);

describe('fuzzyMatch', () => {
  it('matches characters in order, folding case and diacritics', () => {
    expect(fuzzyMatch('gl', 'Grocery list')?.indices).toEqual([0, 8]);
    expect(fuzzyMatch('cafe', 'Café plans')?.indices).toEqual([0, 1, 2, 3]);
    expect(fuzzyMatch('xyz', 'Grocery list')).toBeUndefined();
  });

  it('ranks runs, word starts and runs above scattered letters', () => {
    expect(rank('gl', ['Angle', 'Glass', 'Grocery list'])).toEqual([
      'Glass',
      'Grocery list',
      'Angle',
    ]);
    expect(rank('plan', ['Travel: a planner', 'Plant care', 'p l a n'])).toEqual([
      'Plant care',
      'Travel: a planner',
      'p l a n',
    ]);
  });
});
