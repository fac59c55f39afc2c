import { describe, expect, it } from 'vitest';
import { isUnderTag, noteTags, parentTag, tagSpans } from './note-tags.js';

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

describe('nested tags', () => {
  it('reads #parent/child as one tag, and a slash without a word after it as the end', () => {
    expect(noteTags('#Projects/Work/2026 and #a/ and #b//c, #journal/été.')).toEqual([
      'projects/work/2026',
      'a',
      'b',
      'journal/ete',
    ]);
  });

  it('knows a tag’s parent and which tags sit under another', () => {
    expect(parentTag('a/b/c')).toBe('a/b');
    expect(parentTag('a')).toBeUndefined();
    expect(isUnderTag('a/b', 'a')).toBe(true);
    expect(isUnderTag('a', 'a')).toBe(true);
    expect(isUnderTag('ab/c', 'a')).toBe(false);
    expect(isUnderTag('a', 'a/b')).toBe(false);
  });

  it('takes linear time on a long run of slashes and words', () => {
    const started = performance.now();
    noteTags(`#a${'/b'.repeat(200_000)}/ #c${'/'.repeat(200_000)}`);
    expect(performance.now() - started).toBeLessThan(1000);
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
