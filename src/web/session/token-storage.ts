/** Local storage key of the session token (docs/interface.md#notes-on-the-device). */
export const TOKEN_STORAGE_KEY = 'token';

export interface TokenStorage {
  read(): string;
  write(token: string): void;
  clear(): void;
}

/** One value in `localStorage`; storage that is unavailable behaves as empty. */
export function localStorageValue(key: string): TokenStorage {
  return {
    read() {
      try {
        return localStorage.getItem(key) ?? '';
      } catch {
        return '';
      }
    },
    write(value) {
      try {
        localStorage.setItem(key, value);
      } catch {
        // the session still works for this page; it just will not survive a reload
      }
    },
    clear() {
      try {
        localStorage.removeItem(key);
      } catch {
        // nothing stored to remove
      }
    },
  };
}

/** The token in `localStorage`. */
export const browserTokenStorage: TokenStorage = localStorageValue(TOKEN_STORAGE_KEY);
