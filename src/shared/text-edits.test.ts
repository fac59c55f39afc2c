import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../bench/note-text.js';
import { applyTextEdits, textEdits } from './text-edits.js';

const ALPHABET = ['a', 'b', ' ', '\n', 'é', '🙂', '👍🏽', '日'];

function randomText(random: () => number, length: number): string {
  return Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
}

describe('textEdits', () => {
  it('finds small edits inside a text', () => {
    expect(textEdits('- bread\n', '- bread\n- eggs\n')).toEqual([
      { at: 8, remove: 0, insert: '- eggs\n' },
    ]);
    expect(textEdits('one two three', 'one three')).toEqual([{ at: 4, remove: 4, insert: '' }]);
    expect(textEdits('- bread\n', '- brown bread\n')).toEqual([
      { at: 2, remove: 0, insert: 'brown ' },
    ]);
    expect(textEdits('same', 'same')).toEqual([]);
  });

  it('replaces whole words, not their ends', () => {
    expect(textEdits('a cat sat', 'a cow sat')).toEqual([{ at: 2, remove: 3, insert: 'cow' }]);
  });

  it('never splits a surrogate pair', () => {
    expect(textEdits('a 😀 b', 'a 😁 b')).toEqual([{ at: 2, remove: 2, insert: '😁' }]);
  });

  it('turns one text into the other, for random texts and edits', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 500; i++) {
      const from = randomText(random, Math.floor(random() * 40));
      const to = randomText(random, Math.floor(random() * 40));
      const edits = textEdits(from, to);
      expect(applyTextEdits(from, edits)).toBe(to);
      for (const edit of edits) {
        for (const offset of [edit.at, edit.at + edit.remove]) {
          const code = from.charCodeAt(offset);
          expect(code >= 0xdc00 && code <= 0xdfff).toBe(false);
        }
      }
    }
  });

  it('keeps scattered edits in a long note apart, each to its words', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `Line ${i} of the long note`);
    const from = lines.join('\n');
    const edited = [...lines];
    edited[5] = 'Line 5 of the longer note';
    edited.splice(150, 1);
    edited[288] = 'Line 289 of the long note, and more';
    const edits = textEdits(from, edited.join('\n'));
    expect(applyTextEdits(from, edits)).toBe(edited.join('\n'));
    expect(edits.map((edit) => [from.slice(edit.at, edit.at + edit.remove), edit.insert])).toEqual([
      ['', 'er'],
      ['Line 150 of the long note\n', ''],
      ['', ', and more'],
    ]);
  });

  it('turns one long text into another, for random texts and edits', () => {
    const random = seededRandom(7);
    const words = ['alpha', 'beta', 'gamma', 'delta', '\n', 'é', '🙂', '日本'];
    const pick = () => words[Math.floor(random() * words.length)];
    for (let i = 0; i < 100; i++) {
      const from = Array.from({ length: 200 + Math.floor(random() * 2000) }, pick).join(' ');
      const pieces = from.split(' ');
      for (let j = 0; j < 1 + random() * 60; j++) {
        const at = Math.floor(random() * pieces.length);
        if (random() < 0.5) pieces.splice(at, 1);
        else pieces.splice(at, 0, pick() as string);
      }
      const to = pieces.join(' ');
      expect(applyTextEdits(from, textEdits(from, to))).toBe(to);
    }
  });

  it('replaces the middle whole when two large texts differ everywhere', () => {
    const from = 'ab'.repeat(100_000);
    const to = 'ba'.repeat(100_000);
    expect(applyTextEdits(from, textEdits(from, to))).toBe(to);
  });
});
