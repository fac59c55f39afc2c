import {
  byCodePoint,
  type SpellingSettings,
  type SpellLanguageChoice,
} from '../../shared/spelling.js';
import { AccountRequestError, type SpellingApi } from '../api/account-api.js';
import type { AppStore } from '../state/store.js';

export interface SpellingControllerDeps {
  api: SpellingApi;
  store: AppStore;
  /** This device's copy of each account's settings, so spelling works from the start offline. */
  storage: Storage | undefined;
  onSessionExpired(): void;
  /** Tells the user a change did not reach the server (it was taken back here). */
  onFailed(text: string): void;
}

const CACHE_PREFIX = 'quire.spelling:';
// Where earlier versions kept "Add to dictionary" words in this browser alone.
const LOCAL_WORDS_PREFIX = 'quire.personal-dictionary:';

function readStored(storage: Storage | undefined, key: string): unknown {
  try {
    return JSON.parse(storage?.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function isSettings(value: unknown): value is SpellingSettings {
  const candidate = value as SpellingSettings | null;
  return (
    typeof candidate?.language === 'string' &&
    Array.isArray(candidate.words) &&
    candidate.words.every((word) => typeof word === 'string')
  );
}

/**
 * The account's spelling settings: loaded from the server at sign-in, whenever the live socket
 * is ready again and when the window comes back into view, and changed here at once (the
 * server's answer follows). Changes made meanwhile win over an answer to an older call.
 */
export class SpellingController {
  private readonly deps: SpellingControllerDeps;
  private changing = 0;
  private loading: Promise<void> | null = null;

  constructor(deps: SpellingControllerDeps) {
    this.deps = deps;
  }

  private get token(): string {
    return this.deps.store.getState().token;
  }

  private get account(): string {
    return this.deps.store.getState().email.toLowerCase();
  }

  /** The copy kept on this device, shown until the server answers. */
  start(): void {
    const cached = readStored(this.deps.storage, CACHE_PREFIX + this.account);
    if (isSettings(cached)) this.show(cached);
    void this.load();
  }

  /** Asks the server for the settings (once at a time). */
  load(): Promise<void> {
    if (!this.token) return Promise.resolve();
    this.loading ??= this.fetch().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Each change resolves false when the server refused it or could not be reached. */
  chooseLanguage(language: SpellLanguageChoice): Promise<boolean> {
    return this.change(
      (current) => ({ ...current, language }),
      (token) => this.deps.api.chooseSpellLanguage(token, language),
    );
  }

  addWord(word: string): Promise<boolean> {
    const composed = word.normalize('NFC');
    return this.change(
      (current) => ({
        ...current,
        words: [...new Set([...current.words, composed])].sort(byCodePoint),
      }),
      (token) => this.deps.api.addDictionaryWord(token, composed),
    );
  }

  removeWord(word: string): Promise<boolean> {
    return this.change(
      (current) => ({ ...current, words: current.words.filter((kept) => kept !== word) }),
      (token) => this.deps.api.removeDictionaryWord(token, word),
    );
  }

  private async fetch(): Promise<void> {
    const token = this.token;
    try {
      const settings = await this.deps.api.spelling(token);
      if (token !== this.token) return;
      if (this.changing === 0) this.show(settings);
      await this.moveLocalWords(settings);
    } catch (error) {
      // Offline or refused: the copy on this device stands until the next load.
      this.expired(error);
    }
  }

  /** Words an earlier version kept in this browser alone join the account's list, once. */
  private async moveLocalWords(settings: SpellingSettings): Promise<void> {
    const key = LOCAL_WORDS_PREFIX + this.deps.store.getState().email;
    const stored = readStored(this.deps.storage, key);
    if (!Array.isArray(stored)) return;
    const missing = stored.filter(
      (word): word is string => typeof word === 'string' && !settings.words.includes(word),
    );
    for (const word of missing) await this.addWord(word);
    this.deps.storage?.removeItem(key);
  }

  private async change(
    edit: (current: SpellingSettings) => SpellingSettings,
    send: (token: string) => Promise<SpellingSettings>,
  ): Promise<boolean> {
    const before = this.deps.store.getState().spelling;
    if (!before) return false;
    const token = this.token;
    this.show(edit(before));
    this.changing++;
    try {
      const answer = await send(token);
      if (this.changing === 1 && token === this.token) this.show(answer);
      return true;
    } catch (error) {
      if (token === this.token) this.show(before);
      if (!this.expired(error)) this.deps.onFailed(failureText(error));
      return false;
    } finally {
      this.changing--;
    }
  }

  private show(settings: SpellingSettings): void {
    this.deps.store.dispatch({ type: 'spellingChanged', spelling: settings });
    try {
      this.deps.storage?.setItem(CACHE_PREFIX + this.account, JSON.stringify(settings));
    } catch {
      // Storage full or off: the settings still hold for this page.
    }
  }

  private expired(error: unknown): boolean {
    if (!(error instanceof AccountRequestError) || error.code !== 'unauthorized') return false;
    this.deps.onSessionExpired();
    return true;
  }
}

function failureText(error: unknown): string {
  if (!(error instanceof AccountRequestError)) {
    return 'The spelling change did not reach the server. Please try again.';
  }
  return error.message;
}
