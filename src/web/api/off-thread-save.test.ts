import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '../../shared/note.js';
import { NoteRequestError } from './api-errors.js';
import { liveClientHeaders } from './live-client.js';
import { offThreadSaver, type WorkerLike } from './off-thread-save.js';
import { answerSave, type SaveReply, type SaveRequest } from './save-protocol.js';

const large = 'x'.repeat(1024 * 1024);
const stored = (body: string): Note => ({
  id: 'a',
  body,
  timeCreated: 1,
  timeLastModified: 2,
  revision: 3,
});

/** A worker that runs the real worker code in this thread, as the page's worker would. */
function inlineWorker() {
  const listeners: {
    message: ((event: MessageEvent<SaveReply>) => void)[];
    error: (() => void)[];
  } = { message: [], error: [] };
  const requests: SaveRequest[] = [];
  const worker: WorkerLike = {
    postMessage(request) {
      requests.push(request);
      void answerSave(request).then((reply) => {
        for (const listener of listeners.message) listener({ data: reply } as MessageEvent);
      });
    },
    addEventListener(type: 'message' | 'error', listener: never) {
      listeners[type].push(listener);
    },
    terminate() {},
  };
  return { worker, requests };
}

describe('off-thread saves', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends every save through the worker, small or large', async () => {
    const fetch = vi.fn(async (_path: string, init: RequestInit) =>
      Response.json(stored(JSON.parse(String(init.body)).body)),
    );
    vi.stubGlobal('fetch', fetch);
    const { worker, requests } = inlineWorker();
    const { save } = offThreadSaver(() => worker);

    expect((await save('t', { id: 'a', body: 'small', revision: 2 })).note.body).toBe('small');
    const answer = await save('t', { id: 'a', body: large, revision: 2 });
    expect(answer).toEqual({ note: stored(large), conflictRevision: null });
    expect(requests).toMatchObject([
      { token: 't', headers: liveClientHeaders, edit: { body: 'small' } },
      { token: 't', headers: liveClientHeaders, edit: { body: large } },
    ]);
  });

  it('saves from the page where no worker starts', async () => {
    vi.stubGlobal('fetch', async (_path: string, init: RequestInit) =>
      Response.json(stored(JSON.parse(String(init.body)).body)),
    );
    const { save } = offThreadSaver(() => null);
    expect((await save('t', { id: 'a', body: 'small', revision: 2 })).note.body).toBe('small');
  });

  it('raises a failed save in the worker as the page would', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ code: 'in_trash' }, { status: 404 }));
    const { worker } = inlineWorker();
    const saving = offThreadSaver(() => worker).save('t', { id: 'a', body: large, revision: 2 });
    const failure = await saving.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NoteRequestError);
    expect(failure).toMatchObject({ status: 404, code: 'in_trash' });
  });

  it('goes on from the page when the worker stops', async () => {
    vi.stubGlobal('fetch', async () => Response.json(stored(large)));
    const requests: SaveRequest[] = [];
    let stop = () => {};
    const worker: WorkerLike = {
      postMessage: (request) => requests.push(request), // never answers
      addEventListener(type: 'message' | 'error', listener: never) {
        if (type === 'error') stop = listener;
      },
      terminate() {},
    };
    const { save } = offThreadSaver(() => worker);
    const pending = save('t', { id: 'a', body: large, revision: 2 });
    expect(requests).toHaveLength(1);
    stop();
    expect((await pending).note.body).toBe(large);
    expect((await save('t', { id: 'a', body: large, revision: 2 })).note.body).toBe(large);
    expect(requests).toHaveLength(1);
  });

  it('hands its saves back to the page when asked, and ends the worker', async () => {
    const fetch = vi.fn(async (_path: string, init: RequestInit) =>
      Response.json(stored(JSON.parse(String(init.body)).body)),
    );
    vi.stubGlobal('fetch', fetch);
    const requests: SaveRequest[] = [];
    const terminate = vi.fn();
    const worker: WorkerLike = {
      postMessage: (request) => requests.push(request), // never answers
      addEventListener() {},
      terminate,
    };
    const saver = offThreadSaver(() => worker);
    const pending = saver.save('t', { id: 'a', body: 'typed', revision: 2 });
    saver.saveFromPage();
    expect(terminate).toHaveBeenCalledOnce();
    expect((await pending).note.body).toBe('typed');
    expect((await saver.save('t', { id: 'a', body: 'more', revision: 3 })).note.body).toBe('more');
    expect(requests).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
