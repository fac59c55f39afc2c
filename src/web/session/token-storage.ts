/** Local storage key of the session token (spec §3.3, §9). */
export const TOKEN_STORAGE_KEY = 'token';

export interface TokenStorage {
  read(): string;
  write(token: string): void;
  clear(): void;
}

/** The token in `localStorage`; storage that is unavailable behaves as empty. */
export const browserTokenStorage: TokenStorage = {
  read() {
    try {
      return localStorage.getItem(TOKEN_STORAGE_KEY) ?? '';
    } catch {
      return '';
    }
  },
  write(token) {
    try {
      localStorage.setItem(TOKEN_STORAGE_KEY, token);
    } catch {
      // the session still works for this page; it just will not survive a reload
    }
  },
  clear() {
    try {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
    } catch {
      // nothing stored to remove
    }
  },
};
