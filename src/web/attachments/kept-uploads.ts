import { committed, requestDone as done } from '../idb/idb-promises.js';

/**
 * A file on its way to the server, kept on the device until it gets there: a reload, a crash
 * or a closed tab while offline does not lose a picture that was pasted.
 */
export interface KeptUpload {
  key: string;
  account: string;
  /** The tab sending it, while that tab lives (see DraftOwners). */
  owner: string;
  noteId: string;
  /** Where its reference goes, and the text just before that place when it was kept. */
  pos: number;
  before: string;
  ownLine: boolean;
  name: string;
  file: Blob;
}

export interface KeptUploads {
  put(upload: KeptUpload): Promise<void>;
  remove(key: string): Promise<void>;
  load(account: string): Promise<KeptUpload[]>;
}

const DATABASE = 'quire-uploads';
const STORE = 'uploads';

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DATABASE, 1);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(STORE, { keyPath: 'key' });
    store.createIndex('account', 'account');
  };
  return done(request);
}

/** Kept uploads in IndexedDB, which stores the files themselves as blobs. */
export function indexedDbKeptUploads(factory: IDBFactory = indexedDB): KeptUploads {
  let database: Promise<IDBDatabase> | undefined;
  async function write(change: (store: IDBObjectStore) => void): Promise<void> {
    database ??= open(factory);
    const transaction = (await database).transaction(STORE, 'readwrite');
    change(transaction.objectStore(STORE));
    await committed(transaction);
  }
  return {
    put: (upload) => write((store) => store.put(upload)),
    remove: (key) => write((store) => store.delete(key)),
    async load(account) {
      database ??= open(factory);
      const transaction = (await database).transaction(STORE, 'readonly');
      const index = transaction.objectStore(STORE).index('account');
      return (await done(index.getAll(account))) as KeptUpload[];
    },
  };
}

/** Kept in memory only: for tests, and where the browser offers no IndexedDB. */
export function memoryKeptUploads(): KeptUploads {
  const kept = new Map<string, KeptUpload>();
  return {
    put: async (upload) => void kept.set(upload.key, upload),
    remove: async (key) => void kept.delete(key),
    load: async (account) => [...kept.values()].filter((upload) => upload.account === account),
  };
}

/** Where this tab keeps its uploads now: the signed-in account's, as this tab. */
let keeping: { uploads: KeptUploads; account: string; owner: string } | undefined;

export function keepUploadsIn(uploads: KeptUploads, account: string, owner: string): void {
  keeping = { uploads, account, owner };
}

export function stopKeepingUploads(): void {
  keeping = undefined;
}

/** Keeps (or updates) an upload on the device; saving goes on should the device refuse. */
export function keepUpload(upload: Omit<KeptUpload, 'account' | 'owner'>): void {
  if (!keeping) return;
  const { uploads, account, owner } = keeping;
  uploads.put({ ...upload, account, owner }).catch((error) => console.error(error));
}

/** The upload reached the server, or was given up: the kept copy goes. */
export function forgetUpload(key: string): void {
  keeping?.uploads.remove(key).catch((error) => console.error(error));
}
