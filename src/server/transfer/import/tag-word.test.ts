import { describe, expect, it } from 'vitest';
import { noteTags } from '../../../shared/note-tags.js';
import { tagWord, withTags } from './tag-word.js';

describe('tagWord', () => {
  it('makes any label one word that reads as a tag', () => {
    expect(tagWord('Home stuff')).toBe('HomeStuff');
    expect(tagWord('#work')).toBe('work');
    expect(tagWord('2024 plans')).toBe('tag2024Plans');
    expect(tagWord('café/été')).toBe('café/été');
    expect(tagWord('2024/Daily notes/ 01 /')).toBe('tag2024/DailyNotes/01');
    expect(tagWord('/')).toBe('untitled');
    for (const label of ['Home stuff', '2024 plans', 'a-b_c', '日本 語', 'Projects/Work/2026']) {
      expect(noteTags(`#${tagWord(label)}`)).toHaveLength(1);
    }
  });
});

describe('withTags', () => {
  it('adds only the tags the text lacks, on a last line', () => {
    expect(withTags('Trip #Travel\n', ['travel', 'later plans'])).toBe(
      'Trip #Travel\n\n#laterPlans',
    );
    expect(withTags('x', [])).toBe('x');
  });
});
