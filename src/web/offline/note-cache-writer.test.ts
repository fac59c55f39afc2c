import { describe, expect, it, vi } from 'vitest';
import type { Note } from '../../shared/note.js';
import { createAppStore } from '../state/store.js';
import { NoteCacheWriter, WRITE_SLICE } from './note-cache-writer.js';
import { memoryOfflineStore } from './offline-store.js';

const note = (id: string, revision = 1, modified = 10): Note => ({
  id,
  body: `${id} ${revision}`,
  timeCreated: 1,
  timeLastModified: modified,
  revision,
});

function setup() {
  const store = createAppStore();
  const offline = memoryOfflineStore();
  const writes = vi.spyOn(offline, 'writeNotes');
  const writer = new NoteCacheWriter(store, offline);
  store.dispatch({ type: 'loggedIn', token: 't', email: 'Me@x.org' });
  return { store, offline, writes, writer };
}

describe('NoteCacheWriter', () => {
  it('writes only the notes that changed, and removes the ones that left the list', async () => {
    const { store, writes, writer } = setup();
    expect(await writer.open('me@x.org')).toEqual([]);
    store.dispatch({ type: 'notesLoaded', notes: [note('a'), note('b'), note('c')] });
    await writer.settled();
    expect(writes).toHaveBeenLastCalledWith('me@x.org', expect.any(Array), []);
    expect(writes.mock.lastCall?.[1]).toHaveLength(3);

    store.dispatch({ type: 'noteUpdated', note: note('b', 2, 11) });
    store.dispatch({ type: 'noteDeleted', id: 'c' });
    await writer.settled();
    expect(writes.mock.calls.slice(1)).toEqual([
      ['me@x.org', [{ note: note('b', 2, 11), position: 0 }], []],
      ['me@x.org', [], ['c']],
    ]);

    // The same list again (as after a reconnect) writes nothing.
    store.dispatch({ type: 'notesLoaded', notes: [note('b', 2, 11), note('a')] });
    await writer.settled();
    expect(writes).toHaveBeenCalledTimes(3);
  });

  it('writes a note that arrives live where it stands, and a new list of many notes whole', async () => {
    const { store, writes, writer } = setup();
    await writer.open('me@x.org');
    store.dispatch({ type: 'notesLoaded', notes: [note('a'), note('b')] });
    store.dispatch({ type: 'noteUpdated', note: note('live', 1, 12) });
    await writer.settled();
    expect(writes.mock.lastCall).toEqual([
      'me@x.org',
      [{ note: note('live', 1, 12), position: 0 }],
      [],
    ]);

    const many = Array.from({ length: 200 }, (_, i) => note(`n${i}`));
    store.dispatch({ type: 'notesLoaded', notes: [...many, note('a')] });
    await writer.settled();
    const [, put, removed] = writes.mock.lastCall ?? [];
    expect(put?.map(({ note: { id }, position }) => [id, position])).toEqual(
      many.map(({ id }, i) => [id, i]),
    );
    expect([...(removed ?? [])].sort()).toEqual(['b', 'live']);
  });

  it('writes a long new list in slices, each after the page had a turn to show it', async () => {
    const { store, offline, writes, writer } = setup();
    await writer.open('me@x.org');
    const many = Array.from({ length: WRITE_SLICE * 2 + 1 }, (_, i) =>
      note(`n${i}`, 1, 10_000 - i),
    );
    store.dispatch({ type: 'notesLoaded', notes: many });
    await Promise.resolve();
    expect(writes).not.toHaveBeenCalled();

    await writer.settled();
    expect(writes.mock.calls.map(([, put]) => put.length)).toEqual([WRITE_SLICE, WRITE_SLICE, 1]);
    const stored = await offline.loadNotes('me@x.org');
    expect(stored.map(({ note: { id } }) => id).sort()).toEqual(many.map(({ id }) => id).sort());
  });

  it('answers the stored notes in server order, ties as they were listed', async () => {
    const { offline, writer } = setup();
    await offline.writeNotes(
      'me@x.org',
      [
        { note: note('old', 1, 5), position: 0 },
        { note: note('second', 1, 10), position: 2 },
        { note: note('first', 1, 10), position: 1 },
      ],
      [],
    );
    const notes = await writer.open('me@x.org');
    expect(notes.map((n) => n.id)).toEqual(['first', 'second', 'old']);
  });

  it('forgets the account on the device when closed with clear', async () => {
    const { store, offline, writer } = setup();
    await writer.open('me@x.org');
    store.dispatch({ type: 'notesLoaded', notes: [note('a')] });
    await writer.close(true);
    expect(await offline.loadNotes('me@x.org')).toEqual([]);
  });
});
