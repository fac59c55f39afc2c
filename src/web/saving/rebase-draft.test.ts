import { describe, expect, it } from 'vitest';
import { mergeTexts } from '../../shared/text-merge.js';
import { rebaseDraft } from './rebase-draft.js';

const rebase = (base: string, stored: string, draft: string) =>
  rebaseDraft(base, stored, draft, mergeTexts);

describe('rebaseDraft', () => {
  it('takes the stored text when nothing was typed since the base', () => {
    expect(rebase('one', 'one and theirs', 'one')).toBe('one and theirs');
  });

  it('keeps the typing when the stored text has not moved', () => {
    expect(rebase('one', 'one', 'one typed')).toBe('one typed');
  });

  it('keeps both when the typing and the stored change are in different paragraphs', () => {
    expect(rebase('First\n\nSecond', 'First, theirs\n\nSecond', 'First\n\nSecond, mine')).toBe(
      'First, theirs\n\nSecond, mine',
    );
  });

  it('keeps both when they changed different words of one line', () => {
    expect(rebase('the quick brown fox', 'the slow brown fox', 'the quick brown cat')).toBe(
      'the slow brown cat',
    );
  });

  it('leaves the draft as it is when both changed the same words', () => {
    expect(rebase('Hello world', 'Hello there', 'Hello everyone')).toBeNull();
  });

  it('treats the same change on both sides as one', () => {
    expect(rebase('a', 'a b', 'a b')).toBe('a b');
  });
});
