import { describe, expect, it } from 'vitest';
import { diffTexts } from './text-diff.js';

describe('diffTexts', () => {
  it('shows removed and added words between unchanged text', () => {
    expect(diffTexts('the quick brown fox', 'the slow brown fox jumps')).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' brown fox' },
      { kind: 'added', text: ' jumps' },
    ]);
  });

  it('has nothing but "same" for equal texts', () => {
    expect(diffTexts('a b', 'a b')).toEqual([{ kind: 'same', text: 'a b' }]);
  });

  it('shows a 1 MB note changed everywhere as the two texts whole', () => {
    const before = 'a '.repeat(500_000);
    const after = 'b '.repeat(500_000);
    expect(diffTexts(before, after)).toEqual([
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ]);
  });
});
