import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { indexedDbDraftStore } from './indexeddb-draft-store.js';

describe('indexedDbDraftStore', () => {
  it('keeps drafts per account and note, and loads them again in a new session', async () => {
    const factory = new IDBFactory();
    const store = indexedDbDraftStore(factory);
    await store.put('me@x.org', { noteId: 'a', text: 'one', baseRevision: 3 });
    await store.put('me@x.org', { noteId: 'a', text: 'one two', baseRevision: 3 });
    await store.put('me@x.org', { noteId: 'b', text: 'bee', baseRevision: 1 });
    await store.put('other@x.org', { noteId: 'a', text: 'not mine', baseRevision: 9 });

    const reopened = indexedDbDraftStore(factory);
    const mine = await reopened.load('me@x.org');
    expect(mine.sort((x, y) => x.noteId.localeCompare(y.noteId))).toEqual([
      { noteId: 'a', text: 'one two', baseRevision: 3 },
      { noteId: 'b', text: 'bee', baseRevision: 1 },
    ]);
    expect(await reopened.load('other@x.org')).toEqual([
      { noteId: 'a', text: 'not mine', baseRevision: 9 },
    ]);
  });

  it('applies writes of one draft in the order they were asked for', async () => {
    const store = indexedDbDraftStore(new IDBFactory());
    const writes = [
      store.put('me', { noteId: 'a', text: 'v1', baseRevision: 1 }),
      store.remove('me', 'a'),
      store.put('me', { noteId: 'a', text: 'v2', baseRevision: 2 }),
    ];
    await Promise.all(writes);
    expect(await store.load('me')).toEqual([{ noteId: 'a', text: 'v2', baseRevision: 2 }]);
    await store.remove('me', 'a');
    expect(await store.load('me')).toEqual([]);
  });
});
