import { describe, expect, it } from 'vitest';
import type { SpellingSettings } from '../../shared/spelling.js';
import { AccountRequestError, type SpellingApi } from '../api/account-api.js';
import { createAppStore } from '../state/store.js';
import { SpellingController } from './spelling-controller.js';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** The server's side, as the routes behave, held in memory; `refuse` makes the next call fail. */
function fakeServer() {
  const held: SpellingSettings = { language: 'en-US', words: [] };
  const state = { refuse: false };
  const answer = async (change: () => void) => {
    if (state.refuse) throw new AccountRequestError(400, 'invalid_input', 'Refused');
    change();
    return structuredClone(held);
  };
  const api: SpellingApi = {
    spelling: () => answer(() => {}),
    chooseSpellLanguage: (_token, language) =>
      answer(() => {
        held.language = language;
      }),
    addDictionaryWord: (_token, word) =>
      answer(() => {
        if (!held.words.includes(word)) held.words = [...held.words, word].sort();
      }),
    removeDictionaryWord: (_token, word) =>
      answer(() => {
        held.words = held.words.filter((kept) => kept !== word);
      }),
  };
  return { held, state, api };
}

function setUp(storage = memoryStorage()) {
  const server = fakeServer();
  const store = createAppStore();
  const failures: string[] = [];
  const spelling = new SpellingController({
    api: server.api,
    store,
    storage,
    onSessionExpired: () => {},
    onFailed: (text) => failures.push(text),
  });
  store.dispatch({ type: 'loggedIn', token: 't', email: 'Ann@example.org' });
  return { server, store, spelling, failures, storage };
}

describe('spelling controller', () => {
  it('shows a change at once and keeps what the server answers', async () => {
    const { store, spelling, server } = setUp();
    await spelling.load();
    const adding = spelling.addWord('zettel');
    expect(store.getState().spelling?.words).toEqual(['zettel']);
    expect(await adding).toBe(true);
    await spelling.chooseLanguage('de');
    expect(server.held).toEqual({ language: 'de', words: ['zettel'] });
    expect(store.getState().spelling).toEqual({ language: 'de', words: ['zettel'] });
  });

  it('takes a refused change back and says so', async () => {
    const { store, spelling, server, failures } = setUp();
    await spelling.load();
    server.state.refuse = true;
    expect(await spelling.addWord('nope')).toBe(false);
    expect(store.getState().spelling?.words).toEqual([]);
    expect(failures).toEqual(['Refused']);
  });

  it('starts from this device’s copy, then takes the server’s', async () => {
    const storage = memoryStorage();
    const first = setUp(storage);
    await first.spelling.load();
    await first.spelling.chooseLanguage('fr');

    const second = setUp(storage);
    // A fresh server knows nothing of French: until it answers, the copy holds.
    second.spelling.start();
    expect(second.store.getState().spelling?.language).toBe('fr');
    await second.spelling.load();
    expect(second.store.getState().spelling?.language).toBe('en-US');
  });

  it('moves words an earlier version kept in this browser to the account, once', async () => {
    const storage = memoryStorage();
    storage.setItem('quire.personal-dictionary:Ann@example.org', '["Quirk","zettel"]');
    const { spelling, server } = setUp(storage);
    await spelling.load();
    expect(server.held.words).toEqual(['Quirk', 'zettel']);
    expect(storage.getItem('quire.personal-dictionary:Ann@example.org')).toBeNull();
  });
});
