import { requestLimits } from './http-client.js';
import { liveClientHeaders } from './live-client.js';
import { type NoteEdit, putNote, type SaveAnswer } from './note-save.js';
import { type SaveReply, type SaveRequest, settleReply } from './save-protocol.js';

/** The part of a Worker this module uses, so tests can pass a fake. */
export interface WorkerLike {
  postMessage(message: SaveRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SaveReply>) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
  terminate(): void;
}

function startWorker(): WorkerLike | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./save-worker.ts', import.meta.url), { type: 'module', name: 'save' });
}

export interface OffThreadSaver {
  save(token: string, edit: NoteEdit): Promise<SaveAnswer>;
  /**
   * Ends the worker: the saves it holds are sent again, and later ones go, from the page.
   * A page handing over to a new version calls it: the worker's requests pass through the
   * service worker (Chromium applies no static route to them) and would keep the old one awake.
   */
  saveFromPage(): void;
}

/**
 * Saves through one worker; should it fail to start or stop, saves go on from the page. A save
 * from the page costs its thread the fetch's setup, encoding and reading the answer, which grow
 * with the note; handing it over costs a copy.
 * It is for large notes: without it each key in a megabyte note costs the page's thread a
 * long task (the typing figures in bench/RESULTS.md); in short notes the difference is lost.
 */
export function offThreadSaver(create: () => WorkerLike | null = startWorker): OffThreadSaver {
  let worker: WorkerLike | null | undefined;
  let nextId = 1;
  const waiting = new Map<number, { edit: NoteEdit; token: string; done: Settle }>();
  type Settle = (outcome: () => SaveAnswer | Promise<SaveAnswer>) => void;

  function saveFromPage(): void {
    worker?.terminate();
    worker = null;
    for (const { edit, token, done } of waiting.values()) {
      done(() => putNote(token, edit, liveClientHeaders));
    }
    waiting.clear();
  }

  function workerOnce(): WorkerLike | null {
    if (worker !== undefined) return worker;
    worker = create();
    worker?.addEventListener('message', (event) => {
      const reply = event.data;
      waiting.get(reply.id)?.done(() => settleReply(reply));
      waiting.delete(reply.id);
    });
    worker?.addEventListener('error', saveFromPage);
    return worker;
  }

  function save(token: string, edit: NoteEdit): Promise<SaveAnswer> {
    const target = workerOnce();
    if (!target) return putNote(token, edit, liveClientHeaders);
    const id = nextId++;
    return new Promise<SaveAnswer>((resolve, reject) => {
      const done: Settle = (outcome) => {
        try {
          resolve(outcome());
        } catch (error) {
          reject(error);
        }
      };
      waiting.set(id, { edit, token, done });
      const { maxBodyBytes } = requestLimits;
      target.postMessage({ id, token, edit, headers: liveClientHeaders, maxBodyBytes });
    });
  }

  return { save, saveFromPage };
}
