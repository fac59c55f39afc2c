import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../api/http-client.js';
import { append, useFakeClockQuietly } from './app-controller-harness.js';
import { ACCOUNT, device } from './device-harness.js';

describe('a page opened again a moment after a save', () => {
  useFakeClockQuietly();

  it('finds the words the server just acknowledged in the document on the device, offline', async () => {
    const { server, api, start } = device();
    const first = await start();
    await append(first, 'a', ', saved a moment ago');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.notes.get('a')?.body).toBe('Alpha, saved a moment ago');

    // Opened again before the document rested long enough to be written whole.
    api.fetchDocument.mockRejectedValue(new NetworkError(new TypeError('offline')));
    const again = await start();
    expect((await again.openDocument('a'))?.body).toBe('Alpha, saved a moment ago');
  });

  it('lets the saved updates go from the device once the document is written whole', async () => {
    const { documents, start } = device();
    const first = await start();
    await append(first, 'a', ', typed');
    await vi.advanceTimersByTimeAsync(0);
    const stored = await documents.read(ACCOUNT, 'a');
    expect(stored?.pending).toEqual([]);
    expect(stored?.acknowledged).toHaveLength(1);
    expect(await documents.notesWithPending(ACCOUNT)).toEqual([]);

    await vi.advanceTimersByTimeAsync(5_000);
    expect((await documents.read(ACCOUNT, 'a'))?.acknowledged).toEqual([]);
    const again = await start();
    expect((await again.openDocument('a'))?.body).toBe('Alpha, typed');
  });
});
