import type { NoteId } from '../../shared/note.js';
import { committed, requestDone } from '../idb/idb-promises.js';
import {
  type CachedNote,
  inListOrder,
  type ListMark,
  type OfflineStore,
  type QueuedChange,
} from './offline-store.js';

const DATABASE = 'quire-offline';
const VERSION = 3;
const NOTES = 'notes';
const QUEUE = 'queue';
/** One record per account: the etag and cursor of the list its notes came from (version 2). */
const LISTS = 'lists';
const MODIFIED = 'modified';
/** Notes read in one transaction when all are read: short enough not to hold other windows. */
const NOTES_A_READ = 2_000;

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DATABASE, VERSION);
  request.onupgradeneeded = (event) => {
    const database = request.result;
    if (event.oldVersion < 1) {
      // One record per note, so a change writes that note alone, even with 100,000 of them.
      const notes = database.createObjectStore(NOTES, { keyPath: ['account', 'note.id'] });
      notes.createIndex('account', 'account');
      const queue = database.createObjectStore(QUEUE, { keyPath: ['account', 'noteId'] });
      queue.createIndex('account', 'account');
    }
    // Notes and queues kept by version 1 stay; without a mark their next list is fetched whole.
    if (event.oldVersion < 2) database.createObjectStore(LISTS, { keyPath: 'account' });
    // Version 3: the top of the list can be read alone, before 100,000 notes are.
    if (event.oldVersion < 3) {
      const notes = request.transaction?.objectStore(NOTES);
      notes?.createIndex(MODIFIED, ['account', 'note.timeLastModified']);
    }
  };
  return new Promise((resolve, reject) => {
    request.onsuccess = () => {
      const database = request.result;
      // A newer version opening in another tab takes over; this tab works on without a copy.
      database.onversionchange = () => database.close();
      resolve(database);
    };
    request.onerror = () => reject(request.error);
    // An older tab holds the old version open: go on without the copy rather than wait, since
    // the note list waits for what is stored here.
    request.onblocked = () => reject(new Error('The offline store is held by an older tab'));
  });
}

/**
 * The key `count` entries back from the end of `range` (the `count`-th newest), or null when
 * the range holds fewer.
 */
function keyCountBack(
  index: IDBIndex,
  range: IDBKeyRange,
  count: number,
): Promise<IDBValidKey | null> {
  const request = index.openKeyCursor(range, 'prev');
  let advanced = false;
  return new Promise((resolve, reject) => {
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(null);
      if (advanced || count <= 1) return resolve(cursor.key);
      advanced = true;
      cursor.advance(count - 1);
    };
  });
}

/** The offline store in IndexedDB, through the platform API, like the draft store. */
export function indexedDbOfflineStore(factory: IDBFactory = indexedDB): OfflineStore {
  let database: Promise<IDBDatabase> | undefined;

  async function run<T>(
    stores: string[],
    mode: IDBTransactionMode,
    work: (transaction: IDBTransaction) => Promise<T> | T,
  ): Promise<T> {
    database ??= open(factory);
    const transaction = (await database).transaction(stores, mode);
    const [result] = await Promise.all([work(transaction), committed(transaction)]);
    return result;
  }

  const byAccount = (transaction: IDBTransaction, store: string, account: string) =>
    requestDone(transaction.objectStore(store).index('account').getAll(account));
  const modifiedRange = (account: string) =>
    IDBKeyRange.bound([account, -Infinity], [account, Infinity]);

  return {
    // In runs by the notes' ids, each its own transaction: one read of 100,000 notes would hold
    // every other window's writes (their saves among them) until it ended. By id, a note saved
    // by another window between two runs is read once, as it was or as it is.
    loadNotes: async (account) => {
      const notes: CachedNote[] = [];
      let range = IDBKeyRange.bound([account], [account, []]);
      for (;;) {
        const records = (await run([NOTES], 'readonly', (transaction) =>
          requestDone(transaction.objectStore(NOTES).getAll(range, NOTES_A_READ)),
        )) as CachedNote[];
        for (const { note, position } of records) notes.push({ note, position });
        const last = records.at(-1);
        if (records.length < NOTES_A_READ || !last) return notes;
        range = IDBKeyRange.bound([account, last.note.id], [account, []], true);
      }
    },
    // A cursor over the values would fetch them one by one; the keys alone find where the top
    // `count` begin (a single step back from the newest), and one getAll reads them together.
    loadNewestNotes: (account, count) =>
      run([NOTES], 'readonly', async (transaction) => {
        const index = transaction.objectStore(NOTES).index(MODIFIED);
        const range = modifiedRange(account);
        const lowest = await keyCountBack(index, range, count);
        const top = lowest === null ? range : IDBKeyRange.bound(lowest, [account, Infinity]);
        // Ascending, ties with the lowest included, so the newest `count` are all in it.
        // The index orders ties by id; the list orders them as they were listed.
        const records = (await requestDone(index.getAll(top))) as CachedNote[];
        return inListOrder(records).slice(0, count);
      }),
    writeNotes: (account, put, remove) =>
      run([NOTES], 'readwrite', (transaction) => {
        const store = transaction.objectStore(NOTES);
        for (const { note, position } of put) store.put({ account, note, position });
        for (const id of remove) store.delete([account, id]);
      }),
    loadListMark: (account) =>
      run([LISTS], 'readonly', async (transaction) => {
        const found = (await requestDone(transaction.objectStore(LISTS).get(account))) as
          | (ListMark & { account: string })
          | undefined;
        return found ? { etag: found.etag, cursor: found.cursor } : null;
      }),
    writeListMark: (account, mark) =>
      run([LISTS], 'readwrite', (transaction) => {
        const store = transaction.objectStore(LISTS);
        if (mark) store.put({ account, etag: mark.etag, cursor: mark.cursor });
        else store.delete(account);
      }),
    loadQueue: (account) =>
      run([QUEUE], 'readonly', async (transaction) =>
        (
          (await byAccount(transaction, QUEUE, account)) as (QueuedChange & { account: string })[]
        ).map(({ noteId, kind }) => ({ noteId, kind })),
      ),
    putQueued: (account, change) =>
      run([QUEUE], 'readwrite', (transaction) => {
        transaction.objectStore(QUEUE).put({ account, ...change });
      }),
    removeQueued: (account, noteId: NoteId) =>
      run([QUEUE], 'readwrite', (transaction) => {
        transaction.objectStore(QUEUE).delete([account, noteId]);
      }),
    clear: (account) =>
      run([NOTES, QUEUE, LISTS], 'readwrite', (transaction) => {
        const range = IDBKeyRange.bound([account], [account, []]);
        transaction.objectStore(NOTES).delete(range);
        transaction.objectStore(QUEUE).delete(range);
        transaction.objectStore(LISTS).delete(account);
      }),
  };
}
