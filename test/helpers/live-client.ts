import { expect } from 'vitest';
import WebSocket from 'ws';
import type { LiveMessage } from '../../src/shared/live-message.js';

/** A socket client that records what it receives, for asserting on the live protocol. */
export class LiveTestClient {
  readonly messages: LiveMessage[] = [];
  closeCode: number | undefined;
  private readonly waiters = new Set<() => void>();
  readonly socket: WebSocket;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as LiveMessage);
      this.wake();
    });
    this.socket.on('close', (code) => {
      this.closeCode = code;
      this.wake();
    });
  }

  /**
   * Connects and authenticates; resolves once `ready` arrives. `sync`: as a window that keeps
   * notes' documents.
   */
  static async connect(url: string, token: string, sync = false): Promise<LiveTestClient> {
    const client = new LiveTestClient(url);
    await client.opened();
    client.send(sync ? { event: 'auth', payload: token, sync } : { event: 'auth', payload: token });
    await client.next((message) => message.event === 'ready');
    return client;
  }

  opened(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (from now on, or already received and not yet taken) that matches. */
  async next(
    matches: (message: LiveMessage) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<LiveMessage> {
    return this.waitFor(() => {
      const index = this.messages.findIndex(matches);
      return index === -1 ? undefined : this.messages.splice(index, 1)[0];
    }, timeoutMs);
  }

  /**
   * Every message up to the first that matches, all taken: the ones that came before it, and it.
   */
  async upTo(
    matches: (message: LiveMessage) => boolean,
    timeoutMs = 5000,
  ): Promise<{ before: LiveMessage[]; match: LiveMessage }> {
    return this.waitFor(() => {
      const index = this.messages.findIndex(matches);
      if (index === -1) return undefined;
      const taken = this.messages.splice(0, index + 1);
      return { before: taken.slice(0, index), match: taken[index] as LiveMessage };
    }, timeoutMs);
  }

  /** Resolves with the close code once the server closes the socket. */
  async closed(timeoutMs = 5000): Promise<number> {
    return this.waitFor(() => this.closeCode, timeoutMs);
  }

  close(): void {
    this.socket.close();
  }

  private wake(): void {
    for (const waiter of this.waiters) waiter();
  }

  private waitFor<T>(take: () => T | undefined, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = take();
        if (value === undefined) return;
        cleanup();
        resolve(value);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no such live event within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }
}

/**
 * Waits for a sentinel, a message caused after something that must not reach this socket, and
 * asserts that nothing came before it. One socket's messages keep their order, so whatever the
 * earlier action had sent would be in by now: no fixed wait, and no guess at how long is enough.
 */
export async function expectOnlyNext(
  live: LiveTestClient,
  sentinel: (message: LiveMessage) => boolean,
  timeoutMs?: number,
): Promise<LiveMessage> {
  const { before, match } = await live.upTo(sentinel, timeoutMs);
  expect(before).toEqual([]);
  return match;
}

/** The update of one note: a sentinel for `expectOnlyNext`. */
export const updateOf =
  (noteId: string) =>
  (message: LiveMessage): boolean =>
    message.event === 'update' && message.payload.id === noteId;
