import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { indexedDbKeptUploads } from './kept-uploads.js';

describe('indexedDbKeptUploads', () => {
  it('keeps files per account, with where they go, and loads them in a new session', async () => {
    const factory = new IDBFactory();
    const uploads = indexedDbKeptUploads(factory);
    const upload = {
      key: 'k1',
      account: 'me@x.org',
      owner: 'tab-1',
      noteId: 'n1',
      pos: 5,
      before: 'Trip ',
      ownLine: false,
      name: 'photo.png',
      file: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }),
    };
    await uploads.put(upload);
    await uploads.put({ ...upload, key: 'k2', account: 'other@x.org' });
    await uploads.put({ ...upload, key: 'k3' });
    await uploads.remove('k3');

    const reopened = indexedDbKeptUploads(factory);
    const mine = await reopened.load('me@x.org');
    expect(mine.map(({ file: _file, ...rest }) => rest)).toEqual([
      {
        key: 'k1',
        account: 'me@x.org',
        owner: 'tab-1',
        noteId: 'n1',
        pos: 5,
        before: 'Trip ',
        ownLine: false,
        name: 'photo.png',
      },
    ]);
    expect(mine[0]?.file.size).toBe(3);
  });
});
