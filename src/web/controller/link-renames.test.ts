import { describe, expect, it, vi } from 'vitest';
import type { Note } from '../../shared/note.js';
import { RENAME_PAUSE_MS } from '../../shared/rename-links.js';
import { LINKS_PUT_BACK, linksUpdatedNotice } from './app-controller.js';
import { note, setup, useFakeClockQuietly } from './app-controller-harness.js';

/** A signed-in controller whose server also holds a note linking to "Alpha" (note a). */
async function signedIn() {
  const device = setup('t');
  device.server.notes.set('c', note('c', 'Trip\nsee [[Alpha#Day 2|the plan]]', 5));
  await device.controller.start();
  await vi.advanceTimersByTimeAsync(0);
  device.controller.selectNote('a');
  return device;
}

/** Types `text` into note a key by key, as the editor reports it, a little apart. */
async function typeKeys(device: Awaited<ReturnType<typeof signedIn>>, texts: string[]) {
  for (const text of texts) {
    device.controller.editNote('a', text);
    await vi.advanceTimersByTimeAsync(150);
  }
}

const bodyOf = (device: Awaited<ReturnType<typeof signedIn>>, id: string) =>
  (device.state().notes.get(id) as Note).body;

describe('Renames that keep links working', () => {
  useFakeClockQuietly();

  it('renames once, after the typed title stood for the pause and was saved', async () => {
    const device = await signedIn();
    const { api } = device;
    // The old title cleared, then the new one typed letter by letter.
    await typeKeys(device, ['Alph', 'Al', '', 'L', 'Li', 'Lis', 'Lisb', 'Lisbo', 'Lisbon']);
    await vi.advanceTimersByTimeAsync(RENAME_PAUSE_MS - 200);
    expect(api.renameLinks).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RENAME_PAUSE_MS);
    expect(api.renameLinks).toHaveBeenCalledTimes(1);
    expect(api.renameLinks).toHaveBeenCalledWith('t', 'a', { from: 'Alpha', to: 'Lisbon' });
    expect(bodyOf(device, 'c')).toBe('Trip\nsee [[Lisbon#Day 2|the plan]]');
    expect(device.state().notice).toMatchObject({
      text: linksUpdatedNotice(1),
      undo: { kind: 'links', noteIds: ['c'] },
    });
    expect(linksUpdatedNotice(3)).toBe('Updated links in 3 notes');
  });

  it('“Undo” points the links back at the old title, in the notes changed', async () => {
    const device = await signedIn();
    await typeKeys(device, ['Lisbon']);
    await vi.advanceTimersByTimeAsync(RENAME_PAUSE_MS);
    const undo = device.state().notice?.undo;
    expect(undo).toBeDefined();
    await device.controller.undo(undo!);
    expect(device.api.renameLinks).toHaveBeenLastCalledWith('t', 'a', {
      from: 'Lisbon',
      to: 'Alpha',
      only: ['c'],
    });
    expect(bodyOf(device, 'c')).toBe('Trip\nsee [[Alpha#Day 2|the plan]]');
    expect(device.state().notice?.text).toBe(LINKS_PUT_BACK);
  });

  it('waits for the save of the new title before asking', async () => {
    const device = await signedIn();
    const { api } = device;
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const save = api.updateNote.getMockImplementation()!;
    api.updateNote.mockImplementationOnce(async (token, edit) => {
      await held;
      return save(token, edit);
    });
    await typeKeys(device, ['Lisbon']);
    await vi.advanceTimersByTimeAsync(RENAME_PAUSE_MS * 2);
    expect(api.renameLinks).not.toHaveBeenCalled();
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.renameLinks).toHaveBeenCalledWith('t', 'a', { from: 'Alpha', to: 'Lisbon' });
  });

  it('asks nothing for body typing, a title typed back as it was, or an empty title', async () => {
    const device = await signedIn();
    await typeKeys(device, ['Alpha\nmore words', 'Alph\nmore words', 'ALPHA\nmore words']);
    await typeKeys(device, ['\nmore words']);
    await vi.advanceTimersByTimeAsync(RENAME_PAUSE_MS * 3);
    expect(device.api.renameLinks).not.toHaveBeenCalled();
    // The title typed after a pause on an empty one still renames from the title before.
    await typeKeys(device, ['P\nmore words', 'Porto\nmore words']);
    await vi.advanceTimersByTimeAsync(RENAME_PAUSE_MS);
    expect(device.api.renameLinks).toHaveBeenCalledTimes(1);
    expect(device.api.renameLinks).toHaveBeenCalledWith('t', 'a', { from: 'Alpha', to: 'Porto' });
  });

  it('leaves a title changed on another device to that device', async () => {
    const device = await signedIn();
    device.handlers().onUpdate({ ...note('a', 'Lisbon', 20), revision: 99 });
    await vi.advanceTimersByTimeAsync(RENAME_PAUSE_MS * 2);
    expect(device.api.renameLinks).not.toHaveBeenCalled();
  });
});
