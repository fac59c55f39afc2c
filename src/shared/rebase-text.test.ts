import { describe, expect, it } from 'vitest';
import { composeEdits } from './exact-edits.js';
import { rebaseText as rebase } from './rebase-text.js';
import { applyTextEdits, type TextEdit } from './text-edits.js';

/** The text typed here as a diff finds it, carried onto `stored`. */
function rebaseText(base: string, stored: string, draft: string): string {
  const { text, edits } = rebase(base, stored, draft);
  expect(applyTextEdits(stored, edits)).toBe(text);
  return text;
}

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

describe('rebaseText with the edits as typed', () => {
  it('places a typed word where it was typed, where a diff of the texts would guess', () => {
    // "ab" typed between the two "ab"s of "abab": a diff cannot tell which "ab" is new.
    const typed = [{ at: 2, remove: 0, insert: 'ab' }];
    const { text, edits } = rebase('abab', 'abab!', 'ababab', typed);
    expect(text).toBe('ababab!');
    expect(edits).toEqual([{ at: 2, remove: 0, insert: 'ab' }]);
    // The other side added at the start: the typed "ab" moves with the text it followed.
    expect(rebase('abab', 'X abab', 'ababab', typed).text).toBe('X ababab');
  });

  it('answers edits that make its text from the stored one', () => {
    const base = 'one two three four';
    const ours = [
      { at: 4, remove: 3, insert: 'TWO' },
      { at: 18, remove: 0, insert: ' five' },
    ];
    const stored = 'zero one two three';
    const { text, edits } = rebase(base, stored, applyTextEdits(base, ours), ours);
    expect(text).toBe('zero one TWO three five');
    expect(applyTextEdits(stored, edits)).toBe(text);
  });

  it('keeps every word both sides typed, over many random edits', () => {
    const words = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet'.split(' ');
    for (let seed = 1; seed <= 100; seed++) {
      let state = seed;
      const next = (below: number) => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return state % below;
      };
      const base = words.join(' ');
      const typedWords: string[] = [];
      let ours: TextEdit[] = [];
      let draft = base;
      for (let i = 0; i < 30; i++) {
        const word = ` w${seed}x${i}z`;
        typedWords.push(word);
        // Typed at the end of a word, as a writer adds one: no word is split by another.
        const ends = [...draft.matchAll(/(?= )|$/g)].map((match) => match.index);
        const step = [{ at: ends[next(ends.length)] as number, remove: 0, insert: word }];
        draft = applyTextEdits(draft, step);
        ours = composeEdits(ours, step);
      }
      const stored = base.replace('charlie', 'CHARLIE').concat(' kilo');
      const { text, edits } = rebase(base, stored, draft, ours);
      expect(applyTextEdits(stored, edits), `seed ${seed}`).toBe(text);
      for (const word of typedWords) expect(text, `seed ${seed}`).toContain(word);
      expect(text, `seed ${seed}`).toContain(' kilo');
    }
  });
});
