import { describe, expect, it } from 'vitest';
import {
  personalDictionaryKey,
  readPersonalWords,
  savePersonalWord,
} from './personal-dictionary.js';

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

describe('personal dictionary', () => {
  it('keeps each owner’s words apart and does not repeat a word', () => {
    const storage = memoryStorage();
    savePersonalWord(storage, 'ann@example.org', 'Quirk');
    savePersonalWord(storage, 'ann@example.org', 'Quirk');
    savePersonalWord(storage, 'ann@example.org', 'zettel');
    savePersonalWord(storage, 'bob@example.org', 'frobnicate');
    expect(readPersonalWords(storage, 'ann@example.org')).toEqual(['Quirk', 'zettel']);
    expect(readPersonalWords(storage, 'bob@example.org')).toEqual(['frobnicate']);
  });

  it('reads nothing from missing or damaged storage', () => {
    const storage = memoryStorage();
    storage.setItem(personalDictionaryKey('ann@example.org'), '{not json');
    expect(readPersonalWords(storage, 'ann@example.org')).toEqual([]);
    expect(readPersonalWords(undefined, 'ann@example.org')).toEqual([]);
  });

  it('files words of an unknown owner under one shared key', () => {
    expect(personalDictionaryKey('')).toBe('quire.personal-dictionary:anonymous');
  });
});
