import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '../../shared/note.js';
import { indexedDbOfflineStore } from './indexeddb-offline-store.js';

const note = (id: string, revision = 1): Note => ({
  id,
  body: `body ${id}`,
  timeCreated: 1,
  timeLastModified: 10,
  revision,
});

beforeAll(() => {
  globalThis.IDBKeyRange ??= IDBKeyRange;
});

describe('indexedDbOfflineStore', () => {
  it('keeps notes per account, writes changes one note at a time, and clears one account', async () => {
    const factory = new IDBFactory();
    const store = indexedDbOfflineStore(factory);
    await store.writeNotes(
      'me@x.org',
      [
        { note: note('a'), position: 0 },
        { note: note('b'), position: 1 },
      ],
      [],
    );
    await store.writeNotes('other@x.org', [{ note: note('z'), position: 0 }], []);
    await store.writeNotes('me@x.org', [{ note: note('a', 2), position: 0 }], ['b']);
    await store.putQueued('me@x.org', { noteId: 'c', kind: 'create' });

    const reopened = indexedDbOfflineStore(factory);
    expect(await reopened.loadNotes('me@x.org')).toEqual([{ note: note('a', 2), position: 0 }]);
    expect(await reopened.loadQueue('me@x.org')).toEqual([{ noteId: 'c', kind: 'create' }]);

    await reopened.clear('me@x.org');
    expect(await reopened.loadNotes('me@x.org')).toEqual([]);
    expect(await reopened.loadQueue('me@x.org')).toEqual([]);
    expect(await reopened.loadNotes('other@x.org')).toEqual([{ note: note('z'), position: 0 }]);
  });
});
