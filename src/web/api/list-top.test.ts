import { describe, expect, it } from 'vitest';
import type { Note } from '../../shared/note.js';
import { readListTop } from './list-top.js';

const note = (id: string, body: string): Note => ({
  id,
  body,
  timeCreated: 1,
  timeLastModified: 2,
  revision: 1,
});

/** A stream of `text` cut into pieces of `size` bytes; records whether it was cancelled. */
function streamOf(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  const state = { cancelled: false, pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(state.pulled, state.pulled + size));
      state.pulled += size;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const awkward = [
  note('a', 'braces },{ and "quotes" and \\ backslashes'),
  note('b', 'emoji 😀 and accents é, cut across pieces'),
  note('c', '{"results":[ inside a body ]}'),
  note('d', 'plain'),
];

describe('readListTop', () => {
  it('finds the first notes however the bytes are cut, text inside bodies included', async () => {
    const text = JSON.stringify({ results: awkward });
    for (const size of [1, 3, 7, 64, text.length]) {
      const { stream } = streamOf(text, size);
      expect(await readListTop(stream, 10)).toEqual(awkward);
    }
  });

  it('stops reading once it has the notes asked for', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => note(`n${i}`, `note ${i}`));
    const { stream, state } = streamOf(JSON.stringify({ results: many }), 256);
    expect(await readListTop(stream, 3)).toEqual(many.slice(0, 3));
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(1024);
  });

  it('answers what it found when the answer is short, empty or not a list', async () => {
    expect(await readListTop(streamOf('{"results":[]}', 4).stream, 5)).toEqual([]);
    expect(await readListTop(streamOf('{"error":"nope"}', 4).stream, 5)).toEqual([]);
    const whole = JSON.stringify({ results: awkward });
    const cut = whole.slice(0, whole.indexOf('{"id":"b"') + 20);
    expect(await readListTop(streamOf(cut, 16).stream, 5)).toEqual(awkward.slice(0, 1));
  });
});
