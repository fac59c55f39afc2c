import type { Note } from '../../shared/note.js';
import { NoteCacheWriter } from '../offline/note-cache-writer.js';
import { OfflineQueue } from '../offline/offline-queue.js';
import type { OfflineStore } from '../offline/offline-store.js';
import type { AccountStorage } from '../session/account-storage.js';
import type { AppStore } from '../state/store.js';

/**
 * What lets a session go on without the server: the account's notes kept on the device, the
 * creates and deletes waiting to be sent, and whether the server can be reached right now.
 */
export class OfflineSession {
  readonly queue: OfflineQueue;
  private readonly cache: NoteCacheWriter;
  private readonly accounts: AccountStorage;
  private offline = false;
  private readonly listeners = new Set<() => void>();

  constructor(store: AppStore, offlineStore: OfflineStore, accounts: AccountStorage) {
    this.queue = new OfflineQueue(offlineStore);
    this.cache = new NoteCacheWriter(store, offlineStore);
    this.accounts = accounts;
    this.queue.subscribe(() => this.changed());
  }

  /** The account the stored token was last used with, to open its notes without the server. */
  rememberedAccount(): string {
    return this.accounts.read();
  }

  /** Starts the account's offline session; answers its notes of the last sync, in list order. */
  async open(email: string): Promise<Note[]> {
    this.accounts.write(email);
    const account = email.toLowerCase();
    await this.queue.open(account);
    return this.cache.open(account);
  }

  /** Log out or an ended session: the account's notes and queued changes leave this device. */
  close(): Promise<void> {
    this.accounts.clear();
    this.queue.close();
    this.setOffline(false);
    return this.cache.close(true);
  }

  isOffline = (): boolean => this.offline;

  setOffline(offline: boolean): void {
    if (this.offline === offline) return;
    this.offline = offline;
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
