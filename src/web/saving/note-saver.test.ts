import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '../../shared/note.js';
import type { SaveAnswer } from '../api/note-save.js';
import { memoryDraftStore, type StoredDraft } from '../drafts/draft-store.js';
import { NoteSaver } from './note-saver.js';

class Transient extends Error {}

interface PendingSave extends StoredDraft {
  /** Answers as the server would: stored as sent, or with the body it merged into. */
  resolve(body?: string, conflictRevision?: number, id?: string): void;
  reject(error: unknown): void;
}

const note = (id: string, body: string, revision: number): Note => ({
  id,
  body,
  timeCreated: 1,
  timeLastModified: revision,
  revision,
});

function setup() {
  const calls: PendingSave[] = [];
  const saved: SaveAnswer[] = [];
  const onFailed = vi.fn();
  const device = memoryDraftStore();
  const writes: string[] = [];
  let revision = 10;
  const edited: (string | undefined)[] = [];
  const saver = new NoteSaver({
    save: (draft) =>
      new Promise<SaveAnswer>((resolve, reject) => {
        calls.push({
          ...draft,
          resolve: (body = draft.text, conflictRevision, id = draft.noteId) =>
            resolve({
              note: note(id, body, ++revision),
              conflictRevision: conflictRevision ?? null,
            }),
          reject,
        });
      }),
    persist: (draft) => {
      writes.push(draft.text);
      return device.put('me', draft);
    },
    discard: (noteId) => device.remove('me', noteId),
    onSaved: (_noteId, result) => saved.push(result),
    onFailed,
    onChange: (noteId) => edited.push(noteId),
    isTransient: (error) => error instanceof Transient,
    retryBackoff: { baseMs: 100, maxMs: 1000 },
  });
  const kept = () => device.load('me');
  return { saver, calls, saved, onFailed, kept, edited, writes };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
const texts = (calls: PendingSave[]) => calls.map((call) => call.text);

describe('NoteSaver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('issues no update when the text equals the stored body', async () => {
    const { saver, calls } = setup();
    expect(saver.edit(note('a', 'same', 1), 'same')).toBe(false);
    await settle();
    expect(calls).toHaveLength(0);
    expect(saver.status()).toBe('idle');
  });

  it('tells when the last text typed has reached the server, or never will', async () => {
    const { saver, calls } = setup();
    await expect(saver.settled('a')).resolves.toBeUndefined();
    saver.edit(note('a', '', 1), 'milk');
    let reached = false;
    const settled = saver.settled('a').then(() => {
      reached = true;
    });
    await settle();
    saver.edit(note('a', '', 1), 'milk, eggs');
    calls[0]?.resolve();
    await settle();
    expect(reached).toBe(false);
    calls[1]?.resolve();
    await settled;

    saver.edit(note('b', '', 1), 'too much');
    const refused = saver.settled('b');
    await settle();
    calls[2]?.reject(new Error('413'));
    await expect(refused).rejects.toThrow('could not be saved');
  });

  it('names the note typed in when it reports the change, and only then', async () => {
    const { saver, calls, edited } = setup();
    saver.edit(note('a', '', 4), 'hello');
    expect(edited).toEqual(['a']);
    await settle();
    calls[0]?.resolve();
    await settle();
    expect(edited).toEqual(['a', undefined]);
  });

  it('keeps the text on the device before sending it, with the revision it was edited from', async () => {
    const { saver, calls, saved, kept } = setup();
    expect(saver.edit(note('a', '', 4), 'hello')).toBe(true);
    expect(saver.status()).toBe('saving');
    expect(saver.pendingText('a')).toBe('hello');
    await settle();
    const typed = [{ at: 0, remove: 0, insert: 'hello' }];
    expect(await kept()).toEqual([{ noteId: 'a', text: 'hello', baseRevision: 4, edits: typed }]);
    expect(calls.map(({ noteId, text, baseRevision }) => ({ noteId, text, baseRevision }))).toEqual(
      [{ noteId: 'a', text: 'hello', baseRevision: 4 }],
    );
    calls[0]!.resolve();
    await settle();
    expect(saved.map((result) => result.note.body)).toEqual(['hello']);
    expect(saver.hasUnsaved()).toBe(false);
    expect(saver.status()).toBe('saved');
    expect(await kept()).toEqual([]);
  });

  it('keeps one update in flight per note and sends edits made meanwhile from the new revision', async () => {
    const { saver, calls, saved, kept } = setup();
    const a = note('a', '', 1);
    saver.edit(a, 'h');
    saver.edit(a, 'he');
    saver.edit(a, 'hel');
    await settle();
    saver.edit(a, 'hell');
    expect(texts(calls)).toEqual(['h']);
    calls[0]!.resolve();
    await settle();
    expect(calls.map((call) => [call.text, call.baseRevision])).toEqual([
      ['h', 1],
      ['hell', 11],
    ]);
    // Kept and sent with the keys typed since revision 11, as they were typed.
    const sinceSaved = [{ at: 1, remove: 0, insert: 'ell' }];
    expect(await kept()).toEqual([
      { noteId: 'a', text: 'hell', baseRevision: 11, edits: sinceSaved },
    ]);
    expect(calls[1]?.edits).toEqual(sinceSaved);
    calls[1]!.resolve();
    await settle();
    expect(saved.at(-1)?.note.body).toBe('hell');
    expect(saver.hasUnsaved()).toBe(false);
  });

  it('carries typing made during a save onto the text the server merged it into', async () => {
    const { saver, calls } = setup();
    saver.edit(note('a', 'base', 1), 'base mine');
    await settle();
    saver.edit(note('a', 'base', 1), 'base mine more');
    calls[0]!.resolve('theirs base mine');
    await settle();
    expect(saver.pendingText('a')).toBe('theirs base mine more');
    expect(calls[1]).toMatchObject({ text: 'theirs base mine more', baseRevision: 11 });
  });

  it('carries typing onto the merged text even where both changed the same words', async () => {
    const { saver, calls } = setup();
    saver.edit(note('a', 'base', 1), 'base mine');
    await settle();
    saver.edit(note('a', 'base', 1), 'base mine more');
    calls[0]!.resolve('other');
    await settle();
    expect(saver.pendingText('a')).toBe('other more');
    expect(calls[1]).toMatchObject({ text: 'other more', baseRevision: 11 });
  });

  it('is done when nothing was typed during a save that merged', async () => {
    const { saver, calls } = setup();
    saver.edit(note('a', 'base', 1), 'base mine');
    await settle();
    calls[0]!.resolve('theirs base mine', 7);
    await settle();
    expect(saver.hasUnsaved()).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('merges a newer version from elsewhere into unsaved text that waits for a retry', async () => {
    const { saver, calls } = setup();
    saver.edit(note('a', 'base', 1), 'base mine');
    await settle();
    calls[0]!.reject(new Transient());
    await settle();
    expect(saver.remoteUpdate(note('a', 'theirs base', 2))).toBe(true);
    expect(saver.pendingText('a')).toBe('theirs base mine');
    await vi.advanceTimersByTimeAsync(100);
    expect(calls[1]).toMatchObject({ text: 'theirs base mine', baseRevision: 2 });
  });

  it('leaves a newer version to the save in flight, and ignores notes without unsaved text', async () => {
    const { saver } = setup();
    expect(saver.remoteUpdate(note('b', 'x', 5))).toBe(false);
    saver.edit(note('a', 'base', 1), 'base mine');
    await settle();
    expect(saver.remoteUpdate(note('a', 'theirs', 2))).toBe(true);
    expect(saver.pendingText('a')).toBe('base mine');
  });

  it('resumes a draft kept from an earlier session and sends it from its base', async () => {
    const { saver, calls, kept } = setup();
    saver.resume({ noteId: 'a', text: 'kept', baseRevision: 3 });
    await settle();
    expect(calls[0]).toMatchObject({ noteId: 'a', text: 'kept', baseRevision: 3 });
    calls[0]!.resolve('kept and merged');
    await settle();
    expect(saver.hasUnsaved()).toBe(false);
    expect(await kept()).toEqual([]);
  });

  it('follows the text when it was saved as a new note', async () => {
    const { saver, calls, kept } = setup();
    saver.edit(note('gone', 'x', 1), 'x words');
    await settle();
    saver.edit(note('gone', 'x', 1), 'x words more');
    calls[0]!.resolve('x words', undefined, 'new');
    await settle();
    expect(saver.pendingTexts()).toEqual({ new: 'x words more' });
    expect(calls[1]).toMatchObject({ noteId: 'new', text: 'x words more' });
    expect(await kept()).toEqual([
      {
        noteId: 'new',
        text: 'x words more',
        baseRevision: 11,
        edits: [{ at: 7, remove: 0, insert: ' more' }],
      },
    ]);
  });

  it('keeps every key typed in a short note during a save on the device at once', async () => {
    const { saver, writes } = setup();
    const a = note('a', '', 1);
    saver.edit(a, 'h');
    await settle();
    for (const text of ['he', 'hel', 'hell']) saver.edit(a, text);
    expect(writes).toEqual(['h', 'he', 'hel', 'hell']);
  });

  // A long note: a write per key would copy the whole text per key.
  const LONG = 'x'.repeat(64 * 1024);
  const ends = (texts: string[]) => texts.map((text) => text.slice(LONG.length));

  it('writes keys typed in a long note during a save once typing pauses', async () => {
    const { saver, calls, kept, writes } = setup();
    const a = note('a', LONG, 1);
    saver.edit(a, `${LONG}h`);
    await settle();
    for (const text of ['he', 'hel', 'hell']) saver.edit(a, `${LONG}${text}`);
    expect(ends(writes)).toEqual(['h']);
    await vi.advanceTimersByTimeAsync(250);
    expect(ends(writes)).toEqual(['h', 'hell']);
    expect(await kept()).toEqual([
      {
        noteId: 'a',
        text: `${LONG}hell`,
        baseRevision: 1,
        edits: [{ at: LONG.length, remove: 0, insert: 'hell' }],
      },
    ]);

    // Typed again, and the answer comes before the pause ends: written before it is sent.
    saver.edit(a, `${LONG}hello`);
    calls[0]!.resolve();
    await settle();
    expect(ends(writes)).toEqual(['h', 'hell', 'hello']);
    expect(calls[1]).toMatchObject({ text: `${LONG}hello`, baseRevision: 11 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toHaveLength(3);
  });

  it('writes typing at once while a failed save waits for its retry, and on request', async () => {
    const { saver, calls, writes } = setup();
    const a = note('a', LONG, 1);
    saver.edit(a, `${LONG}h`);
    await settle();
    saver.edit(a, `${LONG}ho`);
    saver.keepUnwritten();
    expect(ends(writes)).toEqual(['h', 'ho']);
    saver.edit(a, `${LONG}hop`);
    calls[0]!.reject(new Transient());
    await settle();
    expect(ends(writes)).toEqual(['h', 'ho', 'hop']);
    saver.edit(a, `${LONG}hops`);
    expect(ends(writes)).toEqual(['h', 'ho', 'hop', 'hops']);
  });

  it('writes the text typed since the last write when the session stops', async () => {
    const { saver, kept } = setup();
    const a = note('a', LONG, 1);
    saver.edit(a, `${LONG}v`);
    await settle();
    saver.edit(a, `${LONG}vw`);
    saver.reset();
    await settle();
    expect(await kept()).toEqual([
      {
        noteId: 'a',
        text: `${LONG}vw`,
        baseRevision: 1,
        edits: [{ at: LONG.length, remove: 0, insert: 'vw' }],
      },
    ]);
  });

  it('saves different notes independently', async () => {
    const { saver, calls } = setup();
    saver.edit(note('a', '', 1), 'one');
    saver.edit(note('b', '', 1), 'two');
    await settle();
    expect(calls.map((c) => [c.noteId, c.text])).toEqual([
      ['a', 'one'],
      ['b', 'two'],
    ]);
    expect(saver.pendingTexts()).toEqual({ a: 'one', b: 'two' });
  });

  it('retries a transient failure with growing delays until the last text is stored', async () => {
    const { saver, calls, saved } = setup();
    const a = note('a', '', 1);
    saver.edit(a, 'v1');
    await settle();
    calls[0]!.reject(new Transient());
    await settle();
    expect(saver.status()).toBe('retrying');
    saver.edit(a, 'v2');
    await settle();
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(texts(calls)).toEqual(['v1', 'v2']);
    calls[1]!.reject(new Transient());
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    calls[2]!.resolve();
    await settle();
    expect(saved.at(-1)?.note.body).toBe('v2');
    expect(saver.status()).toBe('saved');
  });

  it('caps the retry delay', async () => {
    const { saver, calls } = setup();
    saver.edit(note('a', '', 1), 'v');
    await settle();
    for (let i = 0; i < 8; i += 1) {
      calls[i]!.reject(new Transient());
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toHaveLength(i + 2);
    }
  });

  it('retries at once when asked', async () => {
    const { saver, calls } = setup();
    saver.edit(note('a', '', 1), 'v');
    await settle();
    calls[0]!.reject(new Transient());
    await settle();
    saver.retryNow();
    await settle();
    expect(calls).toHaveLength(2);
  });

  it('keeps the text but stops on a permanent failure until the next edit', async () => {
    const { saver, calls, onFailed } = setup();
    saver.edit(note('a', '', 1), 'too big');
    await settle();
    const error = new Error('oh no');
    calls[0]!.reject(error);
    await settle();
    expect(onFailed).toHaveBeenCalledWith('a', error);
    expect(saver.status()).toBe('failed');
    expect(saver.pendingText('a')).toBe('too big');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    saver.edit(note('a', '', 1), 'smaller');
    await settle();
    expect(texts(calls)).toEqual(['too big', 'smaller']);
  });

  it('stops on reset, ignores late answers, and keeps the device copy for the next session', async () => {
    const { saver, calls, saved, kept } = setup();
    saver.edit(note('a', '', 1), 'v');
    await settle();
    saver.reset();
    expect(saver.hasUnsaved()).toBe(false);
    expect(saver.status()).toBe('idle');
    calls[0]!.resolve();
    await settle();
    expect(saved).toHaveLength(0);
    expect(await kept()).toEqual([
      { noteId: 'a', text: 'v', baseRevision: 1, edits: [{ at: 0, remove: 0, insert: 'v' }] },
    ]);
  });

  it('sends the edits as the editor made them, composed since the base', async () => {
    const { saver, calls } = setup();
    const a = note('a', 'abab', 1);
    // "ab" typed between the two "ab"s: only the editor knows which is new.
    saver.edit(a, 'ababab', { before: 'abab', edits: [{ at: 2, remove: 0, insert: 'ab' }] });
    await settle();
    expect(calls[0]?.edits).toEqual([{ at: 2, remove: 0, insert: 'ab' }]);
    saver.edit(a, 'abaXbab', { before: 'ababab', edits: [{ at: 3, remove: 0, insert: 'X' }] });
    calls[0]!.reject(new Transient());
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[1]).toMatchObject({
      text: 'abaXbab',
      baseRevision: 1,
      edits: [{ at: 2, remove: 0, insert: 'aXb' }],
    });
  });

  it('carries a key typed into a text the draft has moved on from onto the draft', async () => {
    const { saver, calls } = setup();
    const a = note('a', 'one two', 1);
    saver.edit(a, 'one two!', { before: 'one two', edits: [{ at: 7, remove: 0, insert: '!' }] });
    await settle();
    // The answer merged another device's word in; the editor still showed the old text.
    calls[0]!.resolve('zero one two!');
    await settle();
    const merged = note('a', 'zero one two!', 11);
    saver.edit(merged, 'one two!?', {
      before: 'one two!',
      edits: [{ at: 8, remove: 0, insert: '?' }],
    });
    expect(saver.pendingText('a')).toBe('zero one two!?');
    await settle();
    expect(calls[1]).toMatchObject({
      text: 'zero one two!?',
      baseRevision: 11,
      edits: [{ at: 13, remove: 0, insert: '?' }],
    });
  });
});
