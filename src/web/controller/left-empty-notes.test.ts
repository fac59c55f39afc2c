import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../api/http-client.js';
import { setup, useFakeClockQuietly } from './app-controller-harness.js';

/** A started controller with a note just made with New, open and empty. */
async function madeWithNew() {
  const harness = setup('t');
  await harness.controller.start();
  await vi.advanceTimersByTimeAsync(0);
  await harness.controller.createNote();
  return { ...harness, id: harness.state().selectedNoteId! };
}

describe('a note made with New', () => {
  useFakeClockQuietly();

  it('left empty for another note is gone: from the list, the server and its trash', async () => {
    const { controller, state, server, id } = await madeWithNew();
    controller.selectNote('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().sortedNoteIds).toEqual(['a', 'b']);
    expect(server.notes.has(id)).toBe(false);
    expect(server.trash.has(id)).toBe(false);
    // Without a notice: nothing was lost.
    expect(state().notice).toBeNull();
  });

  it('left empty for the list, while offline, never reaches the server', async () => {
    const harness = setup('t');
    const { controller, state, server, api, handlers } = harness;
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    api.createNote.mockRejectedValueOnce(new NetworkError(new TypeError('offline')));
    await controller.createNote();
    const id = state().selectedNoteId!;
    controller.clearSelection();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().notes.has(id)).toBe(false);
    handlers().onReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.notes.has(id)).toBe(false);
    expect(api.createNote).toHaveBeenCalledTimes(1);
  });

  it('written in, even if erased again, is kept', async () => {
    const { controller, state, server, id } = await madeWithNew();
    controller.editNote(id, 'x');
    controller.editNote(id, '');
    await vi.advanceTimersByTimeAsync(1_000);
    controller.selectNote('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().notes.has(id)).toBe(true);
    expect(server.notes.has(id)).toBe(true);
  });

  it('written in on another device before it is left is kept, with their text', async () => {
    const { controller, state, server, handlers, id } = await madeWithNew();
    const theirs = server.editElsewhere(id, (text) => text.insert(0, 'From the phone'));
    handlers().onUpdate(theirs.note, theirs.update);
    controller.selectNote('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().notes.get(id)?.body).toBe('From the phone');
    expect(server.notes.get(id)?.body).toBe('From the phone');
  });

  it('written in elsewhere as it is dropped: their text stays in the trash', async () => {
    const { controller, server, api, id } = await madeWithNew();
    const remove = api.deleteNote.getMockImplementation()!;
    api.deleteNote.mockImplementationOnce(async (token, noteId) => {
      server.editElsewhere(noteId, (text) => text.insert(0, 'Just typed'));
      return remove(token, noteId);
    });
    controller.selectNote('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.trash.get(id)?.body).toBe('Just typed');
    expect(api.purgeFromTrash).not.toHaveBeenCalled();
  });

  it('made with a first text (a link to a missing note) is kept', async () => {
    const { controller, state } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    await controller.createNote('# Garden plans\n');
    const id = state().selectedNoteId!;
    controller.selectNote('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().notes.has(id)).toBe(true);
  });
});
