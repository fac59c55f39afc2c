import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '../../shared/note.js';
import { indexedDbOfflineStore } from './indexeddb-offline-store.js';
import { inListOrder } from './offline-store.js';

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

  it('reads thousands of notes in several short reads, each note once, a save between them too', async () => {
    const factory = new IDBFactory();
    const store = indexedDbOfflineStore(factory);
    const ids = Array.from({ length: 4_500 }, (_, i) => `n${String(i).padStart(5, '0')}`);
    await store.writeNotes(
      'me@x.org',
      ids.map((id, position) => ({ note: note(id), position })),
      [],
    );
    await store.writeNotes('other@x.org', [{ note: note('z'), position: 0 }], []);
    // Another window saves a note already read and one not yet read while the reads go on.
    const reading = store.loadNotes('me@x.org');
    await store.writeNotes(
      'me@x.org',
      [
        { note: note('n00001', 2), position: 0 },
        { note: note('n04000', 2), position: 0 },
      ],
      [],
    );
    const read = await reading;
    expect(read.map(({ note }) => note.id).sort()).toEqual(ids);
    expect(read.find(({ note }) => note.id === 'n04000')?.note.revision).toBe(2);
  });
});

describe('indexedDbOfflineStore list marks', () => {
  it('keeps the etag and cursor per account, forgets them on null and with the account', async () => {
    const factory = new IDBFactory();
    const store = indexedDbOfflineStore(factory);
    expect(await store.loadListMark('me@x.org')).toBeNull();
    await store.writeListMark('me@x.org', { etag: '"e1"', cursor: 'opaque:1' });
    await store.writeListMark('other@x.org', { etag: null, cursor: 'opaque:9' });

    const reopened = indexedDbOfflineStore(factory);
    expect(await reopened.loadListMark('me@x.org')).toEqual({ etag: '"e1"', cursor: 'opaque:1' });
    await reopened.writeListMark('other@x.org', null);
    expect(await reopened.loadListMark('other@x.org')).toBeNull();

    await reopened.clear('me@x.org');
    expect(await reopened.loadListMark('me@x.org')).toBeNull();
  });

  it('upgrades a version 1 database and keeps its notes and queue', async () => {
    const factory = new IDBFactory();
    const request = factory.open('quire-offline', 1);
    request.onupgradeneeded = () => {
      const notes = request.result.createObjectStore('notes', { keyPath: ['account', 'note.id'] });
      notes.createIndex('account', 'account');
      const queue = request.result.createObjectStore('queue', { keyPath: ['account', 'noteId'] });
      queue.createIndex('account', 'account');
    };
    const old = await new Promise<IDBDatabase>((resolve) => {
      request.onsuccess = () => resolve(request.result);
    });
    const transaction = old.transaction(['notes', 'queue'], 'readwrite');
    transaction.objectStore('notes').put({ account: 'me@x.org', note: note('a', 3), position: 0 });
    transaction.objectStore('queue').put({ account: 'me@x.org', noteId: 'b', kind: 'delete' });
    await new Promise((resolve) => {
      transaction.oncomplete = resolve;
    });
    old.close();

    const store = indexedDbOfflineStore(factory);
    expect(await store.loadNotes('me@x.org')).toEqual([{ note: note('a', 3), position: 0 }]);
    expect(await store.loadQueue('me@x.org')).toEqual([{ noteId: 'b', kind: 'delete' }]);
    expect(await store.loadListMark('me@x.org')).toBeNull();
    expect(await store.loadNewestNotes('me@x.org', 5)).toEqual([note('a', 3)]);
    await store.writeListMark('me@x.org', { etag: '"e"', cursor: 'c' });
    expect(await store.loadListMark('me@x.org')).toEqual({ etag: '"e"', cursor: 'c' });
  });
});

describe('indexedDbOfflineStore top of the list', () => {
  it('reads the most recently modified notes of one account alone, newest first', async () => {
    const store = indexedDbOfflineStore(new IDBFactory());
    const at = (id: string, modified: number) => ({
      note: { ...note(id), timeLastModified: modified },
      position: 0,
    });
    await store.writeNotes('me@x.org', [at('old', 5), at('new', 30), at('mid', 20)], []);
    await store.writeNotes('other@x.org', [at('theirs', 99)], []);
    const newest = await store.loadNewestNotes('me@x.org', 2);
    expect(newest.map((n) => n.id)).toEqual(['new', 'mid']);
    expect(await store.loadNewestNotes('nobody@x.org', 2)).toEqual([]);
    expect((await store.loadNewestNotes('me@x.org', 10)).map((n) => n.id)).toEqual([
      'new',
      'mid',
      'old',
    ]);
  });

  it('gives exactly as many as asked when notes beyond the top share its last time', async () => {
    const store = indexedDbOfflineStore(new IDBFactory());
    const at = (id: string, modified: number) => ({
      note: { ...note(id), timeLastModified: modified },
      position: 0,
    });
    const tied = [at('t1', 10), at('t2', 10), at('t3', 10), at('t4', 10)];
    await store.writeNotes('me@x.org', [at('first', 40), ...tied, at('oldest', 1)], []);
    const newest = await store.loadNewestNotes('me@x.org', 3);
    expect(newest.map((n) => n.id)).toEqual(['first', 't4', 't3']);
  });

  it('orders notes modified in the same second as they were listed, as the whole list does', async () => {
    const store = indexedDbOfflineStore(new IDBFactory());
    const at = (id: string, modified: number, position: number) => ({
      note: { ...note(id), timeLastModified: modified },
      position,
    });
    // Listed b, c, a: the index alone holds them by id.
    await store.writeNotes('me@x.org', [at('a', 10, 3), at('b', 10, 1), at('c', 10, 2)], []);
    await store.writeNotes('me@x.org', [at('new', 20, 0)], []);
    const whole = inListOrder(await store.loadNotes('me@x.org')).map((n) => n.id);
    expect(whole).toEqual(['new', 'b', 'c', 'a']);
    expect((await store.loadNewestNotes('me@x.org', 3)).map((n) => n.id)).toEqual(
      whole.slice(0, 3),
    );
  });
});

describe('indexedDbOfflineStore and other tabs', () => {
  it('fails at once, rather than waiting, while an older tab holds the old version open', async () => {
    const factory = new IDBFactory();
    const request = factory.open('quire-offline', 1);
    const older = await new Promise<IDBDatabase>((resolve) => {
      request.onsuccess = () => resolve(request.result);
    });
    const store = indexedDbOfflineStore(factory);
    await expect(store.loadListMark('me@x.org')).rejects.toThrow(/older tab/);
    older.close();
  });

  it('lets a newer version opened elsewhere take over', async () => {
    const factory = new IDBFactory();
    const store = indexedDbOfflineStore(factory);
    await store.writeListMark('me@x.org', { etag: '"e"', cursor: 'c' });
    const newer = factory.open('quire-offline', 99);
    const opened = await new Promise<IDBDatabase>((resolve, reject) => {
      newer.onsuccess = () => resolve(newer.result);
      newer.onblocked = () => reject(new Error('blocked'));
    });
    expect(opened.version).toBe(99);
    opened.close();
  });
});
