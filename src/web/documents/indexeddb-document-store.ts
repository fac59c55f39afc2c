import type { NoteId } from '../../shared/note.js';
import { committed, requestDone as done } from '../idb/idb-promises.js';
import type { AcknowledgedUpdate, DocumentStore, PendingUpdate } from './document-store.js';

const DATABASE = 'quire-documents';
const STATES = 'states';
const PENDING = 'pending';

interface StateRecord {
  account: string;
  noteId: NoteId;
  state: Uint8Array;
  revision: number;
}

/** An update typed here: pending until the server has it, then kept until a state holds it. */
interface PendingRecord {
  key?: number;
  account: string;
  noteId: NoteId;
  update: Uint8Array;
  owner?: string;
  acknowledged?: true;
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DATABASE, 1);
  request.onupgradeneeded = () => {
    const db = request.result;
    db.createObjectStore(STATES, { keyPath: ['account', 'noteId'] });
    const pending = db.createObjectStore(PENDING, { keyPath: 'key', autoIncrement: true });
    pending.createIndex('note', ['account', 'noteId']);
    pending.createIndex('account', 'account');
  };
  return done(request);
}

/**
 * Notes' documents in IndexedDB, through the platform API: a state per note, and each update
 * typed here in a record of its own until the server has it, so a key costs a small write
 * however long the note. Transactions over the same stores run in the order they were made,
 * so writes land in the order they were asked for.
 */
export function indexedDbDocumentStore(factory: IDBFactory = indexedDB): DocumentStore {
  let database: Promise<IDBDatabase> | undefined;
  async function transaction(stores: string[], mode: IDBTransactionMode) {
    database ??= open(factory);
    return (await database).transaction(stores, mode);
  }
  async function write(stores: string[], change: (t: IDBTransaction) => void): Promise<void> {
    const t = await transaction(stores, 'readwrite');
    change(t);
    await committed(t);
  }

  return {
    async read(account, noteId) {
      const t = await transaction([STATES, PENDING], 'readonly');
      const [stored, waiting] = await Promise.all([
        done(t.objectStore(STATES).get([account, noteId])) as Promise<StateRecord | undefined>,
        done(t.objectStore(PENDING).index('note').getAll([account, noteId])) as Promise<
          PendingRecord[]
        >,
      ]);
      if (!stored && waiting.length === 0) return undefined;
      const pending: PendingUpdate[] = [];
      const acknowledged: AcknowledgedUpdate[] = [];
      for (const { key, update, owner, acknowledged: had } of waiting) {
        if (had) acknowledged.push({ key: key as number, update });
        else pending.push({ key: key as number, update, owner });
      }
      return {
        state: stored?.state ?? null,
        revision: stored?.revision ?? 0,
        acknowledged,
        pending,
      };
    },
    writeState(account, noteId, state, revision, held = []) {
      const record: StateRecord = { account, noteId, state, revision };
      return write([STATES, PENDING], (t) => {
        t.objectStore(STATES).put(record);
        for (const key of held) t.objectStore(PENDING).delete(key);
      });
    },
    async addPending(account, noteId, update, owner) {
      const t = await transaction([PENDING], 'readwrite');
      const record: PendingRecord = { account, noteId, update, owner };
      const key = done(t.objectStore(PENDING).add(record));
      await committed(t);
      return (await key) as number;
    },
    async acknowledge(keys) {
      const t = await transaction([PENDING], 'readwrite');
      const store = t.objectStore(PENDING);
      for (const key of keys) {
        const record = (await done(store.get(key))) as PendingRecord | undefined;
        if (record) store.put({ ...record, acknowledged: true });
      }
      await committed(t);
    },
    async claim(keys, owner) {
      const t = await transaction([PENDING], 'readwrite');
      const store = t.objectStore(PENDING);
      for (const key of keys) {
        const record = (await done(store.get(key))) as PendingRecord | undefined;
        if (record) store.put({ ...record, owner });
      }
      await committed(t);
    },
    async notesWithPending(account) {
      const t = await transaction([PENDING], 'readonly');
      const records = (await done(
        t.objectStore(PENDING).index('account').getAll(account),
      )) as PendingRecord[];
      const byNote = new Map<NoteId, (string | undefined)[]>();
      for (const record of records) {
        if (record.acknowledged) continue;
        byNote.set(record.noteId, [...(byNote.get(record.noteId) ?? []), record.owner]);
      }
      return [...byNote].map(([noteId, owners]) => ({ noteId, owners }));
    },
    forget(account, noteId) {
      return write([STATES, PENDING], (t) => {
        t.objectStore(STATES).delete([account, noteId]);
        t.objectStore(PENDING).index('note').openKeyCursor([account, noteId]).onsuccess = (
          event,
        ) => {
          const cursor = (event.target as IDBRequest<IDBCursor | null>).result;
          if (!cursor) return;
          t.objectStore(PENDING).delete(cursor.primaryKey);
          cursor.continue();
        };
      });
    },
  };
}
