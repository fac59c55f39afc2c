import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLIENT_HEADER } from '../../shared/live-message.js';
import { liveClientId } from './live-client.js';
import { createNote, deleteNote, updateNote } from './notes-api.js';

const stored = { id: 'a', body: 'x', timeCreated: 1, timeLastModified: 2, revision: 3 };

describe("this page's writes name its live socket", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the socket name with create, save and delete, so their echo is not sent back', async () => {
    const fetch = vi.fn(async () => Response.json(stored));
    vi.stubGlobal('fetch', fetch);
    await createNote('t');
    await updateNote('t', { id: 'a', body: 'x', revision: 2 });
    await deleteNote('t', 'a');
    const sent = fetch.mock.calls.map((call) => {
      const init = (call as unknown as [string, RequestInit])[1];
      return (init.headers as Record<string, string>)[LIVE_CLIENT_HEADER];
    });
    expect(sent).toEqual([liveClientId, liveClientId, liveClientId]);
    expect(liveClientId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
