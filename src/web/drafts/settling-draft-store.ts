import type { DraftStore } from './draft-store.js';

/** A draft store that can say when every write asked of it so far has landed. */
export interface SettlingDraftStore extends DraftStore {
  settled(): Promise<void>;
}

/**
 * Counts the writes still on their way, so that a reload (a new version of the app) can wait
 * for them: text typed a moment ago is on the device before the page goes away.
 */
export function settlingDraftStore(inner: DraftStore): SettlingDraftStore {
  const pending = new Set<Promise<void>>();
  const track = (write: Promise<void>) => {
    pending.add(write);
    const forget = () => pending.delete(write);
    write.then(forget, forget);
    return write;
  };
  return {
    load: (account) => inner.load(account),
    put: (account, draft) => track(inner.put(account, draft)),
    remove: (account, noteId) => track(inner.remove(account, noteId)),
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
