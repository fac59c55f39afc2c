import type { DocumentStore } from './document-store.js';

/** A document store that can say when every write asked of it so far has landed. */
export interface SettlingDocumentStore extends DocumentStore {
  settled(): Promise<void>;
}

/**
 * Counts the writes still on their way, so that a reload (a new version of the app) can wait
 * for them: a key typed a moment ago is on the device before the page goes away.
 */
export function settlingDocumentStore(inner: DocumentStore): SettlingDocumentStore {
  const pending = new Set<Promise<unknown>>();
  const track = <T>(write: Promise<T>): Promise<T> => {
    pending.add(write);
    const forget = () => pending.delete(write);
    write.then(forget, forget);
    return write;
  };
  return {
    read: (account, noteId) => inner.read(account, noteId),
    notesWithPending: (account) => inner.notesWithPending(account),
    writeState: (...args) => track(inner.writeState(...args)),
    addPending: (...args) => track(inner.addPending(...args)),
    acknowledge: (keys) => track(inner.acknowledge(keys)),
    claim: (keys, owner) => track(inner.claim(keys, owner)),
    forget: (account, noteId) => track(inner.forget(account, noteId)),
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
