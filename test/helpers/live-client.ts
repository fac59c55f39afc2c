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
