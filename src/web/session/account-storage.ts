import { localStorageValue } from './token-storage.js';

/** Local storage key of the signed-in account's email, so Quire can open offline. */
export const ACCOUNT_STORAGE_KEY = 'account';

/** Which account the stored token belongs to; read when the server cannot be asked. */
export interface AccountStorage {
  read(): string;
  write(email: string): void;
  clear(): void;
}

export function memoryAccountStorage(): AccountStorage {
  let email = '';
  return {
    read: () => email,
    write: (value) => {
      email = value;
    },
    clear: () => {
      email = '';
    },
  };
}

/** In `localStorage`, beside the token. */
export const browserAccountStorage: AccountStorage = localStorageValue(ACCOUNT_STORAGE_KEY);
