import { describe, expect, it } from 'vitest';
import { versionChange } from './version-change.js';

describe('versionChange', () => {
  it('counts the words typed into a note and shows the first of them as written', () => {
    expect(versionChange('Shopping list', 'Shopping list: apples, pears and plums')).toEqual({
      wordsAdded: 4,
      wordsRemoved: 0,
      firstChanged: { text: 'apples, pears and plums', removed: false },
    });
  });

  it('counts a word changed in its middle as one removed and one added', () => {
    expect(versionChange('the quick brown fox', 'the quack brown fox')).toEqual({
      wordsAdded: 1,
      wordsRemoved: 1,
      firstChanged: { text: 'quack', removed: false },
    });
  });

  it('shows removed words when the change only took words away', () => {
    expect(versionChange('one two three four', 'one four')).toEqual({
      wordsAdded: 0,
      wordsRemoved: 2,
      firstChanged: { text: 'two three', removed: true },
    });
  });

  it('says nothing changed for the same text', () => {
    expect(versionChange('same', 'same')).toEqual({
      wordsAdded: 0,
      wordsRemoved: 0,
      firstChanged: null,
    });
  });

  it('counts each Chinese or Japanese character as a word', () => {
    expect(versionChange('', '日本語のテキスト')).toMatchObject({
      wordsAdded: 8,
      firstChanged: { text: '日本語のテキスト', removed: false },
    });
  });

  it('cuts a long first change short at a word', () => {
    const typed = Array.from({ length: 30 }, (_, index) => `word${index}`).join(' ');
    const change = versionChange('', typed);
    expect(change.wordsAdded).toBe(30);
    expect(change.firstChanged?.text).toBe(
      'word0 word1 word2 word3 word4 word5 word6 word7 word8 word9…',
    );
  });

  it('counts edits at both ends of a long note word by word', () => {
    const middle = 'steady words '.repeat(50_000);
    const change = versionChange(`Start ${middle}end`, `Begin ${middle}finish`);
    expect(change).toEqual({
      wordsAdded: 2,
      wordsRemoved: 2,
      firstChanged: { text: 'Begin', removed: false },
    });
  });
});
