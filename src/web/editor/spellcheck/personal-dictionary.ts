/**
 * Words a user has added to their dictionary, kept in this browser's local storage under a key
 * per account email, so two people sharing a browser keep separate lists.
 */
const KEY_PREFIX = 'quire.personal-dictionary:';

export function personalDictionaryKey(owner: string): string {
  return KEY_PREFIX + (owner || 'anonymous');
}

export function readPersonalWords(storage: Storage | undefined, owner: string): string[] {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(personalDictionaryKey(owner)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((word) => typeof word === 'string') : [];
  } catch {
    return [];
  }
}

export function savePersonalWord(storage: Storage | undefined, owner: string, word: string): void {
  const words = new Set(readPersonalWords(storage, owner));
  if (words.has(word)) return;
  words.add(word);
  try {
    storage?.setItem(personalDictionaryKey(owner), JSON.stringify([...words]));
  } catch {
    // Storage full or disabled: the word still counts for this page's lifetime.
  }
}
