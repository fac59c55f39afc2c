import type { NoteId } from '../../shared/note.js';
import { committed, requestDone } from '../idb/idb-promises.js';
import type { CachedNote, OfflineStore, QueuedChange } from './offline-store.js';

const DATABASE = 'quire-offline';
const NOTES = 'notes';
const QUEUE = 'queue';

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DATABASE, 1);
  request.onupgradeneeded = () => {
    // One record per note, so a change writes that note alone, even with 100,000 of them.
    const notes = request.result.createObjectStore(NOTES, { keyPath: ['account', 'note.id'] });
    notes.createIndex('account', 'account');
    const queue = request.result.createObjectStore(QUEUE, { keyPath: ['account', 'noteId'] });
    queue.createIndex('account', 'account');
  };
  return requestDone(request);
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

  return {
    loadNotes: (account) =>
      run([NOTES], 'readonly', async (transaction) =>
        ((await byAccount(transaction, NOTES, account)) as CachedNote[]).map(
          ({ note, position }) => ({ note, position }),
        ),
      ),
    writeNotes: (account, put, remove) =>
      run([NOTES], 'readwrite', (transaction) => {
        const store = transaction.objectStore(NOTES);
        for (const { note, position } of put) store.put({ account, note, position });
        for (const id of remove) store.delete([account, id]);
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
      run([NOTES, QUEUE], 'readwrite', (transaction) => {
        const range = IDBKeyRange.bound([account], [account, []]);
        transaction.objectStore(NOTES).delete(range);
        transaction.objectStore(QUEUE).delete(range);
      }),
  };
}
