import { describe, expect, it } from 'vitest';
import type { DraftStore } from './draft-store.js';
import { memoryDraftStore } from './draft-store.js';
import { settlingDraftStore } from './settling-draft-store.js';

describe('settlingDraftStore', () => {
  it('settles only once every write asked for has landed, later ones included', async () => {
    const inner = memoryDraftStore();
    const landed: string[] = [];
    let release: () => void = () => {};
    const slow: DraftStore = {
      ...inner,
      put: (account, draft) =>
        new Promise<void>((resolve) => {
          release = () => {
            landed.push(draft.text);
            void inner.put(account, draft).then(resolve);
          };
        }),
    };
    const store = settlingDraftStore(slow);
    void store.put('me', { noteId: 'a', text: 'typed', baseRevision: 1 });
    let settled = false;
    const waiting = store.settled().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(landed).toEqual(['typed']);
    expect(await store.load('me')).toEqual([{ noteId: 'a', text: 'typed', baseRevision: 1 }]);
  });
});
