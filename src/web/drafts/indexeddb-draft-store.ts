import type { NoteId } from '../../shared/note.js';
import { committed, requestDone as done } from '../idb/idb-promises.js';
import type { DraftStore, StoredDraft } from './draft-store.js';

const DATABASE = 'quire-drafts';
const STORE = 'drafts';

interface DraftRecord extends StoredDraft {
  account: string;
}

interface Waiting {
  run: () => Promise<void>;
  done: Promise<void>;
}

interface Slot {
  tail: Promise<void>;
  waiting: Waiting | null;
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DATABASE, 1);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(STORE, { keyPath: ['account', 'noteId'] });
    store.createIndex('account', 'account');
  };
  return done(request);
}

/**
 * Drafts in IndexedDB, written straight through the platform API: three operations on one
 * object store need no wrapper library. A write resolves once its transaction has committed.
 */
export function indexedDbDraftStore(factory: IDBFactory = indexedDB): DraftStore {
  let database: Promise<IDBDatabase> | undefined;
  // Per draft: the last write asked for, and the one still waiting for it. A waiting write is
  // replaced by a newer one (each holds the whole draft), so fast typing costs few transactions.
  const slots = new Map<string, Slot>();

  async function write(mode: (store: IDBObjectStore) => void): Promise<void> {
    database ??= open(factory);
    const transaction = (await database).transaction(STORE, 'readwrite');
    mode(transaction.objectStore(STORE));
    await committed(transaction);
  }

  function inOrder(account: string, noteId: NoteId, run: () => Promise<void>): Promise<void> {
    const key = JSON.stringify([account, noteId]);
    const current = slots.get(key) ?? { tail: Promise.resolve(), waiting: null };
    slots.set(key, current);
    if (current.waiting) {
      current.waiting.run = run;
      return current.waiting.done;
    }
    const waiting: Waiting = { run, done: Promise.resolve() };
    waiting.done = current.tail
      .catch(() => undefined)
      .then(() => {
        if (current.waiting === waiting) current.waiting = null;
        return waiting.run();
      });
    current.waiting = waiting;
    current.tail = waiting.done;
    return waiting.done;
  }

  return {
    async load(account) {
      database ??= open(factory);
      const transaction = (await database).transaction(STORE, 'readonly');
      const records = await done(transaction.objectStore(STORE).index('account').getAll(account));
      return (records as DraftRecord[]).map(({ account: _account, ...draft }) => draft);
    },
    put(account, draft) {
      const record: DraftRecord = { account, ...draft };
      return inOrder(account, draft.noteId, () => write((store) => store.put(record)));
    },
    remove(account, noteId) {
      return inOrder(account, noteId, () => write((store) => store.delete([account, noteId])));
    },
  };
}
