import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { indexedDbDocumentStore } from './indexeddb-document-store.js';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('indexedDbDocumentStore', () => {
  it('keeps an acknowledged update, no longer pending, until a state that holds it is written', async () => {
    const store = indexedDbDocumentStore(new IDBFactory());
    await store.writeState('me', 'n', bytes(1), 3);
    const sent = await store.addPending('me', 'n', bytes(2), 'tab');
    const waiting = await store.addPending('me', 'n', bytes(3), 'tab');
    await store.acknowledge([sent]);

    expect(await store.read('me', 'n')).toEqual({
      state: bytes(1),
      revision: 3,
      acknowledged: [{ key: sent, update: bytes(2) }],
      pending: [{ key: waiting, update: bytes(3), owner: 'tab' }],
    });
    expect(await store.notesWithPending('me')).toEqual([{ noteId: 'n', owners: ['tab'] }]);

    await store.writeState('me', 'n', bytes(1, 2), 4, [sent]);
    const written = await store.read('me', 'n');
    expect(written?.acknowledged).toEqual([]);
    expect(written?.pending.map((p) => p.key)).toEqual([waiting]);

    await store.acknowledge([waiting]);
    expect(await store.notesWithPending('me')).toEqual([]);
  });
});
