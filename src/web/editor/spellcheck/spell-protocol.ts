/** Messages from the page to the spelling worker. */
export type SpellRequest =
  | { type: 'check'; id: number; words: string[] }
  | { type: 'suggest'; id: number; word: string }
  | { type: 'add'; words: string[] };

/** Answers from the spelling worker; `id` matches the request's. */
export type SpellResponse =
  | { type: 'checked'; id: number; misspelled: string[] }
  | { type: 'suggested'; id: number; suggestions: string[] }
  | { type: 'failed'; id: number; message: string };

/** Where the server names the current (content-versioned) dictionary files. */
export const DICTIONARY_MANIFEST_URL = '/dictionaries/en_US.json';

/** At most this many suggestions are offered for a word. */
export const MAX_SUGGESTIONS = 6;
