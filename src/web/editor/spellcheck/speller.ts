import nspell from 'nspell/lib/index.js';
import { rankSuggestions } from './rank-suggestions.js';
import { MAX_SUGGESTIONS } from './spell-protocol.js';

/** How a dictionary spells what it spells. */
export interface SpellerOptions {
  /**
   * The word list was made with its accents taken off (SCOWL's English lists hold "cafe",
   * "resume", "naive", "Angstrom"): a word with accents is also right when its bare letters are.
   */
  accentsStripped: boolean;
}

const MARKS = /\p{M}/gu;

/** The word without its accents: decomposed, its combining marks dropped ("Ångström" → "Angstrom"). */
export function withoutAccents(word: string): string {
  return word.normalize('NFD').replace(MARKS, '').normalize('NFC');
}

/** Lower-case forms a personal word also covers at a sentence's start ("Zettel" for "zettel"). */
function personalForms(word: string): string[] {
  const lower = word.toLocaleLowerCase();
  const first = word.charAt(0).toLocaleLowerCase() + word.slice(1);
  return [word, first, lower];
}

/**
 * A Hunspell dictionary (via nspell) that takes words as people type them. Text may arrive
 * composed ("é") or decomposed ("e" + combining acute), while the dictionaries store composed
 * letters, so every word is brought to NFC first. Personal words are kept apart from nspell's
 * own, so taking one back never removes a word the dictionary itself knows.
 */
export class Speller {
  private readonly spell: ReturnType<typeof nspell>;
  private personal = new Set<string>();

  constructor(
    aff: string,
    dic: string,
    private readonly options: SpellerOptions,
  ) {
    this.spell = nspell(aff, dic);
  }

  correct(word: string): boolean {
    const composed = word.normalize('NFC');
    if (personalForms(composed).some((form) => this.personal.has(form))) return true;
    if (this.spell.correct(composed)) return true;
    if (!this.options.accentsStripped) return false;
    const bare = withoutAccents(composed);
    return bare !== composed && this.spell.correct(bare);
  }

  /** At most six suggestions, the likeliest first. */
  suggest(word: string): string[] {
    const composed = word.normalize('NFC');
    return rankSuggestions(composed, this.spell.suggest(composed)).slice(0, MAX_SUGGESTIONS);
  }

  /** The account's personal words, replacing the ones set before. */
  setPersonalWords(words: readonly string[]): void {
    this.personal = new Set(words.map((word) => word.normalize('NFC')));
  }
}
