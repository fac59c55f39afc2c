import german from 'dictionary-de';
import english from 'dictionary-en';
import { beforeAll, describe, expect, it } from 'vitest';
import { Speller, withoutAccents } from './speller.js';
import { findWords } from './word-extraction.js';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

// The words as a person may type them: composed letters, or base letters with combining marks.
const ACCENTED = ['café', 'résumé', 'naïve', 'crème', 'Ångström', 'façade', 'fiancée', 'Café'];
const decomposed = (word: string) => word.normalize('NFD');

let speller: Speller;

beforeAll(() => {
  speller = new Speller(text(english.aff), text(english.dic), { accentsStripped: true });
});

describe('English words with accents', () => {
  it('are right however they were typed', () => {
    for (const word of ACCENTED) {
      expect(speller.correct(word), word).toBe(true);
      expect(decomposed(word), word).not.toBe(word);
      expect(speller.correct(decomposed(word)), `${word} decomposed`).toBe(true);
    }
  });

  it('come out of the editor’s word splitting whole, marks and all', () => {
    const typed = ACCENTED.map(decomposed).join(' ');
    expect(findWords(typed).map((span) => span.word)).toEqual(ACCENTED.map(decomposed));
    expect(findWords('Ångström’s café').map((span) => span.word)).toEqual(['Ångström’s', 'café']);
  });

  it('still leave misspellings marked, with or without accents', () => {
    for (const word of ['teh', 'cafè́x', 'résumeé', 'naïvve']) {
      expect(speller.correct(word), word).toBe(false);
    }
  });

  it('take an Ångström sign or a composed Å alike', () => {
    expect(speller.correct('\u212Bngstr\u00f6m')).toBe(true);
    expect(withoutAccents('Ångström')).toBe('Angstrom');
  });
});

describe('a dictionary that keeps its accents', () => {
  it('does not take the bare letters for the accented word', () => {
    const strict = new Speller(text(english.aff), text(english.dic), { accentsStripped: false });
    expect(strict.correct('cafe')).toBe(true);
    expect(strict.correct('café')).toBe(false);
  });
});

describe('a dictionary of composed letters', () => {
  it('takes its words typed with combining marks too (German)', () => {
    const deutsch = new Speller(text(german.aff), text(german.dic), { accentsStripped: false });
    for (const word of ['schläft', 'Mädchen', 'Straße', 'Häuser']) {
      expect(deutsch.correct(word), word).toBe(true);
      expect(deutsch.correct(word.normalize('NFD')), `${word} decomposed`).toBe(true);
    }
    expect(deutsch.correct('house')).toBe(false);
    // Accents matter here: the bare letters are another (wrong) word.
    expect(deutsch.correct('Madchen')).toBe(false);
  });
});

describe('personal words', () => {
  it('are right in the forms a sentence gives them, composed or not', () => {
    const own = new Speller(text(english.aff), text(english.dic), { accentsStripped: true });
    expect(own.correct('zettelkästen')).toBe(false);
    own.setPersonalWords(['zettelkästen'.normalize('NFD')]);
    expect(own.correct('zettelkästen')).toBe(true);
    expect(own.correct('Zettelkästen')).toBe(true);
    own.setPersonalWords([]);
    expect(own.correct('zettelkästen')).toBe(false);
  });

  it('taken back, leave the dictionary’s own words be', () => {
    const own = new Speller(text(english.aff), text(english.dic), { accentsStripped: true });
    own.setPersonalWords(['house']);
    own.setPersonalWords([]);
    expect(own.correct('house')).toBe(true);
  });
});
