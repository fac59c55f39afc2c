import { describe, expect, it } from 'vitest';
import { growthOf } from '../../test/helpers/linear-time.js';
import { isUnderTag, noteTags, parentTag, tagName, tagSpans } from './note-tags.js';

describe('noteTags', () => {
  it('finds #words once each, in order, as first written', () => {
    expect(noteTags('Buy milk #Errands and #café\n#errands again (#home) #Cafe')).toEqual([
      'Errands',
      'café',
      'home',
    ]);
    expect(noteTags('#camelCase')).toEqual(['camelCase']);
  });

  it('names a tag without case or accents, keeping the voicing marks of kana', () => {
    expect(noteTags('#食べ歩き #Ｃafé #ガイド').map(tagName)).toEqual([
      '食べ歩き',
      'ｃafe',
      'ガイド',
    ]);
  });

  it('leaves out headings, C#, URL fragments, numbers and ##', () => {
    expect(noteTags('# Title\n## Sub\nC# code, see a.html#part, issue #12, ##x')).toEqual([]);
  });
});

describe('what is not a tag', () => {
  it('reads no tag in code, inline, fenced or indented', () => {
    const body = [
      'Use `#book` and ``#page ` x``',
      '',
      '```mermaid',
      'graph TD; A-->B; style A fill:#c6dbef',
      '```',
      '',
      '~~~',
      '#fenced',
      '~~~',
      '',
      '    #indented',
      '',
      'Real #tag',
    ].join('\n');
    expect(noteTags(body)).toEqual(['tag']);
  });

  it('reads no tag in a link, its heading or its target, nor in an address', () => {
    const body = [
      'See [[#being especially unpleasant]], [[Note#heading part|#shown]], ![[Pic#part]]',
      '[text](https://example.com/#fragment) <https://example.com/#auto> https://example.com/#bare',
      '<a href="#anchor">x</a> and www.example.com/#www',
    ].join('\n');
    expect(noteTags(body)).toEqual([]);
  });

  it('reads no tag in the properties, at the top or under the title', () => {
    expect(noteTags('---\ncolor: "#ff0000"\ntags: [x]\n---\n#real')).toEqual(['real']);
    expect(noteTags('Title\n\n---\nbg: #a1dab4\n---\n\ntext #kept')).toEqual(['kept']);
  });

  it('reads a tag in a heading, a list, a quote, a table and a link’s text', () => {
    const body =
      '## Plans #heading\n- item #list\n> quote #quote\n\n| a |\n|---|\n| #cell |\n\n[#shown](x)';
    expect(noteTags(body)).toEqual(['heading', 'list', 'quote', 'cell', 'shown']);
  });
});

describe('nested tags', () => {
  it('reads #parent/child as one tag, and a slash without a word after it as the end', () => {
    expect(noteTags('#Projects/Work/2026 and #a/ and #b//c, #journal/été.')).toEqual([
      'Projects/Work/2026',
      'a',
      'b',
      'journal/été',
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
    const slashes = (size: number) => `#a${'/b'.repeat(size / 4)}/ #c${'/'.repeat(size / 2)}`;
    expect(growthOf(noteTags, slashes, 50_000)).toBeLessThan(9);
    expect(noteTags(slashes(800_000))).toHaveLength(2);
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
