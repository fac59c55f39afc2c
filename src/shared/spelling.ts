/** The languages the editor can check, each from a Hunspell dictionary Quire serves itself. */
export const SPELL_LANGUAGES = ['en-US', 'en-GB', 'de', 'fr', 'es'] as const;
export type SpellLanguage = (typeof SPELL_LANGUAGES)[number];

/** What an account chooses: a language, or no spell checking at all. */
export type SpellLanguageChoice = SpellLanguage | 'off';
export const SPELL_LANGUAGE_CHOICES: readonly SpellLanguageChoice[] = [...SPELL_LANGUAGES, 'off'];

/** What an account that never chose checks: English (US) (docs/api.md#spelling-settings). */
export const DEFAULT_SPELL_LANGUAGE: SpellLanguageChoice = 'en-US';

export const SPELL_LANGUAGE_NAMES: Record<SpellLanguageChoice, string> = {
  'en-US': 'English (US)',
  'en-GB': 'English (UK)',
  de: 'German (Deutsch)',
  fr: 'French (Français)',
  es: 'Spanish (Español)',
  off: 'Off',
};

export function isSpellLanguageChoice(value: unknown): value is SpellLanguageChoice {
  return (SPELL_LANGUAGE_CHOICES as readonly unknown[]).includes(value);
}

/** The dictionary's name in its URLs (`/dictionaries/en_US.json`). */
export const dictionaryName = (language: SpellLanguage): string => language.replace('-', '_');

/**
 * Dictionaries whose word lists were made with accents taken off (SCOWL's English: "cafe",
 * "naive"), so an accented spelling of a listed word is right too.
 */
export const ACCENTS_STRIPPED: ReadonlySet<SpellLanguage> = new Set(['en-US', 'en-GB']);

/** `GET /api/account/spelling`: the account's spell-check language and its own words. */
export interface SpellingSettings {
  language: SpellLanguageChoice;
  /** Words "Add to dictionary" kept, in a stable order (code points). */
  words: string[];
}

export const MAX_DICTIONARY_WORDS = 1000;
export const MAX_DICTIONARY_WORD_LENGTH = 64;

// What the editor takes for one word: letters (with their marks) and digits, with apostrophes
// inside ("don't"). Nothing else can ever be marked, so nothing else needs keeping.
const WORD = /^[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*$/u;

/**
 * The word as a personal dictionary keeps it (composed, NFC), or null when it is not one word
 * the editor could mark.
 */
export function dictionaryWord(input: string): string | null {
  const word = input.normalize('NFC');
  if (word.length === 0 || word.length > MAX_DICTIONARY_WORD_LENGTH) return null;
  return WORD.test(word) ? word : null;
}

/** The order words are listed in, the same on every database and device. */
export const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
