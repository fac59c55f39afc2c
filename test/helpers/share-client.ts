import http from 'node:http';
import type { CreateShareResponse } from '../../src/shared/shares.js';
import { call } from './api-client.js';

/** `POST /api/notes/{id}/shares`, which must succeed. */
export async function createShare(
  baseUrl: string,
  token: string,
  noteId: string,
  options: Record<string, unknown> = {},
): Promise<CreateShareResponse> {
  const answer = await call(baseUrl, 'POST', `/api/notes/${noteId}/shares`, {
    token,
    body: options,
  });
  if (answer.status !== 201) throw new Error(`share failed: ${answer.status} ${answer.text}`);
  return answer.json as CreateShareResponse;
}

/** `POST /api/tags/shares`, which must succeed. */
export async function createTagShare(
  baseUrl: string,
  token: string,
  tag: string,
  options: Record<string, unknown> = {},
): Promise<CreateShareResponse> {
  const answer = await call(baseUrl, 'POST', '/api/tags/shares', {
    token,
    body: { tag, ...options },
  });
  if (answer.status !== 201) throw new Error(`share failed: ${answer.status} ${answer.text}`);
  return answer.json as CreateShareResponse;
}

export interface ShareEvent {
  event: string;
  data: unknown;
}

/** A share page's stream of server-sent events, read as they come. */
export class ShareEventReader {
  private readonly events: ShareEvent[] = [];
  private readonly waiters = new Set<() => void>();
  private request: http.ClientRequest | undefined;
  ended = false;

  private constructor(readonly status: number) {}

  /** Opened with node:http, whose connection closes with the stream, as a browser's does. */
  static open(url: string, headers: Record<string, string> = {}): Promise<ShareEventReader> {
    return new Promise((resolve, reject) => {
      const asked = { accept: 'text/event-stream', ...headers };
      const request = http.get(url, { headers: asked }, (response) => {
        const reader = new ShareEventReader(response.statusCode ?? 0);
        reader.request = request;
        if (reader.status !== 200) {
          reader.ended = true;
          response.resume();
        } else reader.read(response);
        resolve(reader);
      });
      request.on('error', reject);
    });
  }

  private read(response: http.IncomingMessage): void {
    let buffered = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffered += chunk;
      let end = buffered.indexOf('\n\n');
      while (end !== -1) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (name && data !== undefined) this.events.push({ event: name, data: JSON.parse(data) });
        end = buffered.indexOf('\n\n');
      }
      this.wake();
    });
    const done = () => {
      this.ended = true;
      this.wake();
    };
    response.on('end', done);
    response.on('close', done);
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** The first event not yet taken that passes `test`, waited for. */
  async next(test: (event: ShareEvent) => boolean = () => true): Promise<ShareEvent> {
    for (;;) {
      const index = this.events.findIndex(test);
      if (index !== -1) return this.events.splice(index, 1)[0] as ShareEvent;
      if (this.ended) throw new Error('The stream ended');
      await new Promise<void>((resolve) => {
        const waiter = () => {
          this.waiters.delete(waiter);
          resolve();
        };
        this.waiters.add(waiter);
      });
    }
  }

  /** Waits until the server ends the stream. */
  async end(): Promise<void> {
    while (!this.ended) {
      await new Promise<void>((resolve) => {
        const waiter = () => {
          this.waiters.delete(waiter);
          resolve();
        };
        this.waiters.add(waiter);
      });
    }
  }

  close(): void {
    this.request?.destroy();
  }
}
