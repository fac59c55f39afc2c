import { describe, expect, it } from 'vitest';
import { noteTags } from './note-tags.js';

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
