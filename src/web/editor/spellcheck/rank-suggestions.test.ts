import { describe, expect, it } from 'vitest';
import { editDistance, rankSuggestions } from './rank-suggestions.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and neighbour swaps as one edit each', () => {
    expect(editDistance('teh', 'the')).toBe(1);
    expect(editDistance('teh', 'tech')).toBe(1);
    expect(editDistance('teh', 'eh')).toBe(1);
    expect(editDistance('teh', 'ten')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('rankSuggestions', () => {
  it('puts the swapped-letters word first', () => {
    const fromNspell = ['ten', 'eh', 'meh', 'tea', 'tech', 'ted', 'tee', 'tel', 'the', 'Th'];
    expect(rankSuggestions('teh', fromNspell)[0]).toBe('the');
    expect(rankSuggestions('wrod', ['prod', 'trod', 'wood', 'rod', 'word'])[0]).toBe('word');
    expect(rankSuggestions('recieve', ['relieve', 'receive'])).toEqual(['receive', 'relieve']);
  });

  it('keeps nspell’s order among equals and keeps the suggestions’ case', () => {
    expect(rankSuggestions('Teh', ['Ten', 'The', 'Tea'])).toEqual(['The', 'Ten', 'Tea']);
    expect(rankSuggestions('xq', [])).toEqual([]);
  });
});
