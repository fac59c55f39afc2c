import { describe, expect, it } from 'vitest';
import { noteTags, tagSpans } from './note-tags.js';

describe('noteTags', () => {
  it('finds #words, folded, once each, in order', () => {
    expect(noteTags('Buy milk #Errands and #café\n#errands again (#home)')).toEqual([
      'errands',
      'cafe',
      'home',
    ]);
  });

  it('keeps the voicing marks of kana, which are not accents', () => {
    expect(noteTags('#食べ歩き #Ｃafé #ガイド')).toEqual(['食べ歩き', 'ｃafe', 'ガイド']);
  });

  it('leaves out headings, C#, URL fragments, numbers and ##', () => {
    expect(noteTags('# Title\n## Sub\nC# code, see a.html#part, issue #12, ##x')).toEqual([]);
  });
});

describe('tagSpans', () => {
  it('gives where each tag is written, by the same rule', () => {
    expect(tagSpans('see #Plan, C#, and (#café)')).toEqual([
      { from: 4, to: 9, written: 'Plan' },
      { from: 20, to: 25, written: 'café' },
    ]);
    expect(tagSpans('# Title')).toEqual([]);
  });
});
