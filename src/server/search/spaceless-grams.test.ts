import { describe, expect, it } from 'vitest';
import { indexedText, spacelessGrams, spacelessMatch } from './spaceless-grams.js';

describe('indexedText', () => {
  it('leaves a text without spaceless runs as it is', () => {
    const text = 'Shopping list\nbuy milk #errands';
    expect(indexedText(text)).toBe(text);
  });

  it('replaces each run by its characters and its pairs, runs kept apart', () => {
    expect(indexedText('Trip: 東京 京都!')).toBe('Trip:    ! # 東 京 # 京 都 # 東京 # 京都');
    expect(indexedText('北京市')).toBe('  # 北 京 市 # 北京 京市');
  });

  it('adds tags written in those scripts whole, as tag: looks for them', () => {
    expect(indexedText('#大阪 #trip')).toBe('#  #trip # 大 阪 # 大阪 # #大阪');
    expect(indexedText('行く #東京タワー2')).toContain(' # #東京タワー2');
  });

  it('ends a run at punctuation, as the tokenizer does', () => {
    expect(indexedText('タ・ワ')).toBe(' ・  # タ # ワ');
  });
});

describe('spacelessMatch', () => {
  it('asks for one character, or the pairs of a longer run in order', () => {
    expect(spacelessMatch('京')).toEqual({ phrases: ['"京"'], exact: true });
    expect(spacelessMatch('北京市')).toEqual({ phrases: ['"北京 京市"'], exact: true });
  });

  it('needs the notes checked when the text has more than one run', () => {
    expect(spacelessMatch('北京 2024')).toEqual({ phrases: ['"北京"'], exact: false });
    expect(spacelessMatch('タ・ワ')).toEqual({ phrases: ['"タ"', '"ワ"'], exact: false });
  });
});

describe('spacelessGrams', () => {
  it('is one gram, found exactly, for a word of one or two characters', () => {
    expect(spacelessGrams('京')).toEqual({ grams: ['京'], exact: true });
    expect(spacelessGrams('北京')).toEqual({ grams: ['北京'], exact: true });
  });

  it('only narrows for a longer word or a text of several runs', () => {
    expect(spacelessGrams('北京市')).toEqual({ grams: ['北京', '京市'], exact: false });
    expect(spacelessGrams('北京 2024 北京')).toEqual({ grams: ['北京'], exact: false });
  });
});
