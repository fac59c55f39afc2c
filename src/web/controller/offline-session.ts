import type { Note } from '../../shared/note.js';
import { LIST_TOP } from '../api/notes-api.js';
import { NoteCacheWriter } from '../offline/note-cache-writer.js';
import { OfflineQueue } from '../offline/offline-queue.js';
import type { ListMark, OfflineStore } from '../offline/offline-store.js';
import type { AccountStorage } from '../session/account-storage.js';
import type { AppStore } from '../state/store.js';

/** What the device holds of an account's list when its session starts. */
export interface DeviceCopy {
  /** The stored list's etag and cursor; small, so the list can be asked for before the notes are read. */
  mark: Promise<ListMark | null>;
  /** The top of the stored list, newest first, read before the whole of it. */
  newest: Promise<Note[]>;
  /** The stored notes in list order, with the mark again, or a null mark if they were not all read. */
  notes: Promise<{ notes: Note[]; mark: ListMark | null }>;
}

/** The first reads of an account's device copy: its list mark, and the top of its list. */
export interface TopOfList extends Pick<DeviceCopy, 'mark' | 'newest'> {
  account: string;
}

/**
 * What lets a session go on without the server: the account's notes kept on the device (with
 * the mark of the list they came from), the creates and deletes waiting to be sent, and whether
 * the server can be reached right now.
 */
export class OfflineSession {
  readonly queue: OfflineQueue;
  private readonly cache: NoteCacheWriter;
  private readonly store: OfflineStore;
  private readonly accounts: AccountStorage;
  private offline = false;
  private readonly listeners = new Set<() => void>();
  private account: string | null = null;
  private opened: Promise<unknown> = Promise.resolve();
  private marks: Promise<void> = Promise.resolve();
  /** A read or write of the notes failed: the device copy is not known to be whole. */
  private incomplete = false;

  constructor(store: AppStore, offlineStore: OfflineStore, accounts: AccountStorage) {
    this.store = offlineStore;
    this.queue = new OfflineQueue(offlineStore);
    this.cache = new NoteCacheWriter(store, this.watched(offlineStore));
    this.accounts = accounts;
    this.queue.subscribe(() => this.changed());
  }

  /** The account the stored token was last used with, to open its notes without the server. */
  rememberedAccount(): string {
    return this.accounts.read();
  }

  /**
   * Starts reading the top of the list of the account the device last used, while its token is
   * checked with the server; `open` takes the reads over if the session is that account's.
   */
  readAhead(): TopOfList | null {
    const email = this.accounts.read();
    return email ? this.readTop(email.toLowerCase()) : null;
  }

  /**
   * Starts the account's offline session: reads its list mark, then its notes of the last sync
   * (their first reads may have been started `ahead`).
   */
  open(email: string, ahead: TopOfList | null = null): DeviceCopy {
    this.accounts.write(email);
    const account = email.toLowerCase();
    this.account = account;
    this.incomplete = false;
    const { mark, newest } = ahead?.account === account ? ahead : this.readTop(account);
    const notes = (async () => {
      await this.queue.open(account);
      // The browser reads one request at a time: the whole list would hold the top back.
      await newest;
      const notes = await this.cache.open(account);
      return { notes, mark: this.incomplete ? null : await mark };
    })();
    this.opened = notes;
    return { mark, newest, notes };
  }

  private readTop(account: string): TopOfList {
    // Asked first: a mark read before the notes is never newer than them, even with other tabs.
    const mark = this.store.loadListMark(account).catch(() => null);
    const newest = this.store.loadNewestNotes(account, LIST_TOP).catch(() => []);
    return { account, mark, newest };
  }

  /**
   * The state holds the list `mark` names, or newer. It is stored once every note written so
   * far is, so the device never keeps a cursor its notes are behind; after a failed write, none.
   */
  keepListMark(mark: ListMark | null): Promise<void> {
    const { account, opened } = this;
    if (account === null) return this.marks;
    this.marks = this.marks
      .then(async () => {
        await opened;
        await this.cache.settled();
        if (this.account !== account) return;
        await this.store.writeListMark(account, this.incomplete ? null : mark);
      })
      .catch((error) => console.error(error));
    return this.marks;
  }

  /** Log out or an ended session: the account's notes, list mark and queue leave this device. */
  close(): Promise<void> {
    this.account = null;
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

  /** The store as the note cache uses it, noting any read or write of notes that failed. */
  private watched(store: OfflineStore): OfflineStore {
    const failed = (error: unknown): never => {
      this.incomplete = true;
      throw error;
    };
    const overrides: Pick<OfflineStore, 'loadNotes' | 'writeNotes'> = {
      loadNotes: (account) => store.loadNotes(account).catch(failed),
      writeNotes: (account, put, remove) => store.writeNotes(account, put, remove).catch(failed),
    };
    // Everything else is looked up on the store itself at each call.
    return Object.assign(Object.create(store) as OfflineStore, overrides);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
