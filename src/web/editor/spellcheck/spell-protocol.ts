import { dictionaryName, type SpellLanguage } from '../../../shared/spelling.js';

/** Messages from the page to the spelling worker; `load` comes first, once. */
export type SpellRequest =
  | { type: 'load'; language: SpellLanguage }
  | { type: 'check'; id: number; words: string[] }
  | { type: 'suggest'; id: number; word: string }
  /** The account's own words, replacing the ones sent before. */
  | { type: 'personal'; words: string[] };

/** Answers from the spelling worker; `id` matches the request's. */
export type SpellResponse =
  | { type: 'checked'; id: number; misspelled: string[] }
  | { type: 'suggested'; id: number; suggestions: string[] }
  | { type: 'failed'; id: number; message: string };

/** Where the server names a language's current (content-versioned) dictionary files. */
export const dictionaryManifestUrl = (language: SpellLanguage): string =>
  `/dictionaries/${dictionaryName(language)}.json`;

/** At most this many suggestions are offered for a word. */
export const MAX_SUGGESTIONS = 6;
