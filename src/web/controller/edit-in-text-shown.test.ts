import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../api/http-client.js';
import { setup, useFakeClockQuietly } from './app-controller-harness.js';

describe('a change made in the text shown while the document here is behind it', () => {
  useFakeClockQuietly();

  it('goes in once, where it was made, beside the words the document lacked', async () => {
    const { controller, state, server, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    await controller.openDocument('a');
    // Another device's words arrive with the note, but the document cannot catch up yet.
    api.fetchDocument.mockRejectedValueOnce(new NetworkError(new TypeError('offline')));
    const theirs = server.editElsewhere('a', (text) => text.insert(5, ' and Omega'));
    handlers().onUpdate(theirs.note);
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.documentOf('a')?.body).toBe('Alpha');

    // A file's reference placed after the text shown, as a late upload does.
    const shown = state().drafts.a ?? state().notes.get('a')?.body;
    expect(shown).toBe('Alpha and Omega');
    controller.editNote('a', `${shown}\n![dot.png](/api/attachments/x)`);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.notes.get('a')?.body).toBe('Alpha and Omega\n![dot.png](/api/attachments/x)');
    expect(controller.documentOf('a')?.body).toBe(server.notes.get('a')?.body);
  });
});
