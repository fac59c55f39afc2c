import { describe, expect, it } from 'vitest';
import { composeEdits, editsTurnInto } from './exact-edits.js';
import { applyTextEdits, type TextEdit } from './text-edits.js';

/** A small seeded generator, so a failure names the run that found it. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

/** A random key's worth of editing: typing, a Backspace, a selection replaced, a paste. */
function randomEdit(text: string, next: (below: number) => number): TextEdit[] {
  const at = next(text.length + 1);
  const remove = next(4) === 0 ? Math.min(next(6), text.length - at) : 0;
  const insert = next(3) === 0 ? '' : 'xyz '.slice(0, 1 + next(4));
  if (remove === 0 && insert === '') return [{ at, remove: 0, insert: 'q' }];
  return [{ at, remove, insert }];
}

describe('composeEdits', () => {
  it('composes keys into one script from the first text to the last', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const base = 'the quick brown fox jumps over the lazy dog'.slice(0, next(44));
      let text = base;
      let script: TextEdit[] = [];
      for (let key = 0; key < 60; key++) {
        const step = randomEdit(text, next);
        text = applyTextEdits(text, step);
        script = composeEdits(script, step);
      }
      expect(applyTextEdits(base, script), `seed ${seed}`).toBe(text);
      expect(editsTurnInto(base, script, text), `seed ${seed}`).toBe(true);
    }
  });

  it('drops what was typed and then removed, and keeps edits apart and in order', () => {
    const typed = composeEdits(
      [{ at: 3, remove: 0, insert: 'abc' }],
      [{ at: 4, remove: 1, insert: '' }],
    );
    expect(typed).toEqual([{ at: 3, remove: 0, insert: 'ac' }]);
    const both = composeEdits(
      [{ at: 1, remove: 0, insert: 'X' }],
      [{ at: 5, remove: 0, insert: 'Y' }],
    );
    expect(both).toEqual([
      { at: 1, remove: 0, insert: 'X' },
      { at: 4, remove: 0, insert: 'Y' },
    ]);
  });
});

describe('editsTurnInto', () => {
  it('trusts only edits that make exactly the text', () => {
    const edits = [{ at: 1, remove: 1, insert: 'B' }];
    expect(editsTurnInto('abc', edits, 'aBc')).toBe(true);
    expect(editsTurnInto('abc', edits, 'aXc')).toBe(false);
    expect(editsTurnInto('abc', edits, 'aBcd')).toBe(false);
    expect(editsTurnInto('ab', [{ at: 2, remove: 1, insert: '' }], 'a')).toBe(false);
    const outOfOrder = [
      { at: 2, remove: 0, insert: 'x' },
      { at: 0, remove: 0, insert: 'y' },
    ];
    expect(editsTurnInto('ab', outOfOrder, 'yabx')).toBe(false);
  });
});
