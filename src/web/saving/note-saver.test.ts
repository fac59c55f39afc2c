import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '../../shared/note.js';
import { NoteSaver } from './note-saver.js';

class Transient extends Error {}

interface PendingSave {
  noteId: string;
  text: string;
  resolve(): void;
  reject(error: unknown): void;
}

function setup() {
  const calls: PendingSave[] = [];
  const saved: Note[] = [];
  const onFailed = vi.fn();
  let clock = 100;
  const saver = new NoteSaver({
    save: (noteId, text) =>
      new Promise<Note>((resolve, reject) => {
        calls.push({
          noteId,
          text,
          resolve: () =>
            resolve({ id: noteId, body: text, timeCreated: 1, timeLastModified: clock++ }),
          reject,
        });
      }),
    onSaved: (note) => saved.push(note),
    onFailed,
    onChange: () => {},
    isTransient: (error) => error instanceof Transient,
    retryBackoff: { baseMs: 100, maxMs: 1000 },
  });
  return { saver, calls, saved, onFailed };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('NoteSaver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('issues no update when the text equals the stored body', () => {
    const { saver, calls } = setup();
    expect(saver.edit('a', 'same', 'same')).toBe(false);
    expect(calls).toHaveLength(0);
    expect(saver.status()).toBe('idle');
  });

  it('saves a change and reports saving, then saved', async () => {
    const { saver, calls, saved } = setup();
    expect(saver.edit('a', '', 'hello')).toBe(true);
    expect(saver.status()).toBe('saving');
    expect(saver.pendingText('a')).toBe('hello');
    calls[0]!.resolve();
    await settle();
    expect(saved.map((n) => n.body)).toEqual(['hello']);
    expect(saver.hasUnsaved()).toBe(false);
    expect(saver.status()).toBe('saved');
  });

  it('keeps one update in flight per note and merges edits made meanwhile', async () => {
    const { saver, calls, saved } = setup();
    saver.edit('a', '', 'h');
    saver.edit('a', '', 'he');
    saver.edit('a', '', 'hel');
    saver.edit('a', '', 'hell');
    expect(calls.map((c) => c.text)).toEqual(['h']);
    calls[0]!.resolve();
    await settle();
    expect(calls.map((c) => c.text)).toEqual(['h', 'hell']);
    expect(saver.pendingText('a')).toBe('hell');
    saver.edit('a', 'h', 'hello');
    calls[1]!.resolve();
    await settle();
    calls[2]!.resolve();
    await settle();
    expect(calls.map((c) => c.text)).toEqual(['h', 'hell', 'hello']);
    expect(saved.at(-1)?.body).toBe('hello');
    expect(saver.hasUnsaved()).toBe(false);
  });

  it('sends the stored body again when typing returns to it while a save is in flight', async () => {
    const { saver, calls } = setup();
    saver.edit('a', 'x', 'xy');
    saver.edit('a', 'x', 'x');
    calls[0]!.resolve();
    await settle();
    expect(calls.map((c) => c.text)).toEqual(['xy', 'x']);
  });

  it('saves different notes independently', () => {
    const { saver, calls } = setup();
    saver.edit('a', '', 'one');
    saver.edit('b', '', 'two');
    expect(calls.map((c) => [c.noteId, c.text])).toEqual([
      ['a', 'one'],
      ['b', 'two'],
    ]);
    expect(saver.pendingTexts()).toEqual({ a: 'one', b: 'two' });
  });

  it('retries a transient failure with growing delays until the last text is stored', async () => {
    const { saver, calls, saved } = setup();
    saver.edit('a', '', 'v1');
    calls[0]!.reject(new Transient());
    await settle();
    expect(saver.status()).toBe('retrying');
    saver.edit('a', '', 'v2');
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.map((c) => c.text)).toEqual(['v1', 'v2']);
    calls[1]!.reject(new Transient());
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    calls[2]!.resolve();
    await settle();
    expect(saved.at(-1)?.body).toBe('v2');
    expect(saver.status()).toBe('saved');
  });

  it('caps the retry delay', async () => {
    const { saver, calls } = setup();
    saver.edit('a', '', 'v');
    for (let i = 0; i < 8; i += 1) {
      calls[i]!.reject(new Transient());
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toHaveLength(i + 2);
    }
  });

  it('retries at once when asked', async () => {
    const { saver, calls } = setup();
    saver.edit('a', '', 'v');
    calls[0]!.reject(new Transient());
    await settle();
    saver.retryNow();
    expect(calls).toHaveLength(2);
  });

  it('keeps the text but stops on a permanent failure until the next edit', async () => {
    const { saver, calls, onFailed } = setup();
    saver.edit('a', '', 'too big');
    const error = new Error('oh no');
    calls[0]!.reject(error);
    await settle();
    expect(onFailed).toHaveBeenCalledWith('a', error);
    expect(saver.status()).toBe('failed');
    expect(saver.pendingText('a')).toBe('too big');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    saver.edit('a', '', 'smaller');
    expect(calls.map((c) => c.text)).toEqual(['too big', 'smaller']);
  });

  it('ignores the late answer for a forgotten note', async () => {
    const { saver, calls, saved } = setup();
    saver.edit('a', '', 'v');
    saver.forget('a');
    calls[0]!.resolve();
    await settle();
    expect(saved).toHaveLength(0);
    expect(saver.hasUnsaved()).toBe(false);
  });

  it('recognises a late echo of text it has since replaced', async () => {
    const { saver, calls } = setup();
    saver.edit('a', '', 'a');
    calls[0]!.resolve();
    await settle();
    saver.edit('a', 'a', 'ab');
    calls[1]!.resolve();
    await settle();
    expect(saver.isStaleEcho('a', 'a')).toBe(true);
    expect(saver.isStaleEcho('a', 'ab')).toBe(false);
    expect(saver.isStaleEcho('a', 'from elsewhere')).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saver.isStaleEcho('a', 'a')).toBe(false);
  });

  it('drops everything on reset', () => {
    const { saver } = setup();
    saver.edit('a', '', 'v');
    saver.reset();
    expect(saver.hasUnsaved()).toBe(false);
    expect(saver.status()).toBe('idle');
  });
});
