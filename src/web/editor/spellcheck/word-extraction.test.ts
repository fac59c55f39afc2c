import { markdownLanguage } from '@codemirror/lang-markdown';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { checkableWords, findWords, isCheckable, withoutSkipped } from './word-extraction.js';

function wordsOf(text: string): string[] {
  return findWords(text).map((span) => span.word);
}

/** A state parsed to the end first: the editor's 25 ms parse budget must not depend on load. */
function parsedState(doc: string): EditorState {
  const state = EditorState.create({ doc, extensions: markdownLanguage });
  ensureSyntaxTree(state, state.doc.length, 60_000);
  return state;
}

function checkedIn(markdown: string): string[] {
  const state = parsedState(markdown);
  return checkableWords(state, { from: 0, to: state.doc.length }).map((span) => span.word);
}

describe('findWords', () => {
  it('finds words with their document positions', () => {
    expect(findWords('Hello teh world', 10)).toEqual([
      { from: 10, to: 15, word: 'Hello' },
      { from: 16, to: 19, word: 'teh' },
      { from: 20, to: 25, word: 'world' },
    ]);
  });

  it('keeps inner apostrophes and drops outer quotes', () => {
    expect(wordsOf(`don't don’t 'quoted' dogs'`)).toEqual(["don't", 'don’t', 'quoted', 'dogs']);
  });

  it('splits hyphenated words and keeps accented letters', () => {
    expect(wordsOf('well-known café naïve')).toEqual(['well', 'known', 'café', 'naïve']);
  });

  it('skips words with digits, single letters, identifiers and acronyms', () => {
    expect(wordsOf('h2o 3rd a I useState API CSP Teh TEH')).toEqual(['Teh']);
  });

  it('skips words glued into paths, addresses, tags and calls', () => {
    expect(wordsOf('src/web a\\b file.txt snake_case key=value #tag @name fn(x) $var')).toEqual([]);
  });

  it('treats sentence punctuation and emphasis underscores as word boundaries', () => {
    expect(wordsOf('End. Next: _soft_ __bold__ (aside)')).toEqual([
      'End',
      'Next',
      'soft',
      'bold',
      'aside',
    ]);
  });
});

describe('isCheckable', () => {
  it('asks about ordinary, capitalised and apostrophe words only', () => {
    expect(['word', 'Word', "isn't"].every(isCheckable)).toBe(true);
    expect(['x', 'abc1', 'getValue', 'HTTP'].some(isCheckable)).toBe(false);
  });
});

describe('withoutSkipped', () => {
  it('drops words that overlap a skipped range', () => {
    const words = findWords('one two three four');
    expect(withoutSkipped(words, [{ from: 5, to: 9 }]).map((w) => w.word)).toEqual(['one', 'four']);
  });
});

describe('checkableWords over markdown', () => {
  it('leaves a note’s properties alone, at the top or after the title line', () => {
    expect(
      checkedIn('Health tpyo\n\n---\naliases: [fitnes]\ncssclasses:\n  - wide\n\n---\n\nbody tpyo'),
    ).toEqual(['Health', 'tpyo', 'body', 'tpyo']);
    expect(checkedIn('---\npermalink: links\n---\n# Title')).toEqual(['Title']);
  });

  it('checks prose in headings, emphasis, lists, quotes, tables and link text', () => {
    const text = [
      '# Heading teh',
      'Some *emph* and **strong** and ~~gone~~ text.',
      '- [ ] task item',
      '> quoted line',
      '',
      '| cell | other |',
      '|---|---|',
      '| value | more |',
      '',
      '[link text](http://example.com/path "the title") ![alt words](image.png)',
    ].join('\n');
    expect(checkedIn(text)).toEqual([
      'Heading',
      'teh',
      'Some',
      'emph',
      'and',
      'strong',
      'and',
      'gone',
      'text',
      'task',
      'item',
      'quoted',
      'line',
      'cell',
      'other',
      'value',
      'more',
      'link',
      'text',
      'the',
      'title',
      'alt',
      'words',
    ]);
  });

  it('skips fenced, indented and inline code', () => {
    const text = [
      'Before `inline codez` after',
      '',
      '    indented codez',
      '',
      '```js',
      'fenced codez',
      '```',
      'end',
    ].join('\n');
    expect(checkedIn(text)).toEqual(['Before', 'after', 'end']);
  });

  it('skips link targets, bare URLs, autolinks, emails and reference labels', () => {
    const text =
      'See [docs](https://example.org/teh) or www.example.com/teh or <https://x.org/teh> ' +
      'or mail@example.com or [ref][labelz] now';
    expect(checkedIn(text)).toEqual(['See', 'docs', 'or', 'or', 'or', 'or', 'ref', 'now']);
  });

  it('skips HTML tags, comments, entities and escapes but checks text between tags', () => {
    const text = 'A <span class="wordz">visible</span> &nbsp; \\*star <!-- hidden note -->';
    expect(checkedIn(text)).toEqual(['visible', 'star']);
  });

  it('widens a range that cuts a word so the whole word is checked', () => {
    const state = parsedState('alpha bravo charlie');
    const words = checkableWords(state, { from: 8, to: 9 });
    expect(words).toEqual([{ from: 6, to: 11, word: 'bravo' }]);
  });
});
