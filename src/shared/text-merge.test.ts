import { describe, expect, it } from 'vitest';
import { diffTexts, mergeTexts } from './text-merge.js';

describe('mergeTexts', () => {
  // [case, base, ours (stored), theirs (incoming), merged, conflict]
  const cases: [string, string, string, string, string, boolean][] = [
    ['only theirs changed', 'a b', 'a b', 'a c', 'a c', false],
    ['only ours changed', 'a b', 'a c', 'a b', 'a c', false],
    ['both made the same change', 'a b', 'a c', 'a c', 'a c', false],
    [
      'different paragraphs',
      'p1\n\np2\n\np3',
      'p1 A\n\np2\n\np3',
      'p1\n\np2\n\np3 B',
      'p1 A\n\np2\n\np3 B',
      false,
    ],
    [
      'same paragraph, different words',
      'the quick brown fox',
      'the quick red fox',
      'the slow brown fox',
      'the slow red fox',
      false,
    ],
    [
      'one appends while the other retitles',
      'Title\nbody',
      'Title\nbody\nmore',
      'New title\nbody',
      'New title\nbody\nmore',
      false,
    ],
    [
      'both append different lines',
      'list\n',
      'list\n- milk\n',
      'list\n- eggs\n',
      'list\n- eggs\n',
      true,
    ],
    ['both change the same word', 'a cat sat', 'a dog sat', 'a cow sat', 'a cow sat', true],
    ['both insert at the same place', 'x', 'x one', 'x two', 'x two', true],
    ['two whole bodies from one base', '', 'first body', 'second body', 'second body', true],
    [
      'one deletes a line the other edits elsewhere',
      'a\nb\nc\n',
      'a\nc\n',
      'a\nb\nc!\n',
      'a\nc!\n',
      false,
    ],
    [
      'prototype names are plain words',
      'a __proto__ b',
      'a __proto__ b c',
      'z a __proto__ b',
      'z a __proto__ b c',
      false,
    ],
    [
      'accents, emoji and CJK',
      'Café 😀 日本語',
      'Café 😀 日本語 more',
      'Cafe 😀 日本語',
      'Cafe 😀 日本語 more',
      false,
    ],
    [
      'NUL and CRLF',
      'a\u0000\r\nb\r\n',
      'a\u0000\r\nb!\r\n',
      'A\u0000\r\nb\r\n',
      'A\u0000\r\nb!\r\n',
      false,
    ],
  ];

  it.each(cases)('%s', (_name, base, ours, theirs, merged, conflict) => {
    expect(mergeTexts(base, ours, theirs)).toEqual({ text: merged, conflict });
  });

  it('keeps edits at both ends of a 1 MB note', () => {
    let body = '';
    for (let i = 0; body.length < 1_000_000; i += 1) body += `## Section ${i}\n\nwords ${i}\n\n`;
    const merged = mergeTexts(body, `INTRO ${body}`, `${body}OUTRO`);
    expect(merged).toEqual({ text: `INTRO ${body}OUTRO`, conflict: false });
  });

  it('lets theirs win, and reports it, when the two differ everywhere', () => {
    const base = Array.from({ length: 9_000 }, (_, i) => `line ${i}\n`).join('');
    const ours = base.replaceAll('line', 'ours');
    const theirs = base.replaceAll('line', 'theirs');
    expect(mergeTexts(base, ours, theirs)).toEqual({ text: theirs, conflict: true });
  });
});

describe('diffTexts', () => {
  it('shows removed and added words between unchanged text', () => {
    expect(diffTexts('the quick brown fox', 'the slow brown fox jumps')).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' brown fox' },
      { kind: 'added', text: ' jumps' },
    ]);
  });

  it('has nothing but "same" for equal texts', () => {
    expect(diffTexts('a b', 'a b')).toEqual([{ kind: 'same', text: 'a b' }]);
  });
});
