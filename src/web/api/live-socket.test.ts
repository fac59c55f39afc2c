import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '../../shared/note.js';
import { LiveSocket, liveSocketUrl, type SocketLike } from './live-socket.js';

class FakeSocket implements SocketLike {
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code = 1006) {
    this.onclose?.({ code, reason: '' } as CloseEvent);
  }
}

const note: Note = { id: 'n1', body: 'hi', timeCreated: 1, timeLastModified: 2, revision: 1 };

function setup() {
  const sockets: FakeSocket[] = [];
  const handlers = {
    onReady: vi.fn(),
    onUpdate: vi.fn(),
    onDelete: vi.fn(),
    onUnauthorized: vi.fn(),
  };
  const live = new LiveSocket({
    url: 'ws://127.0.0.1/socket',
    token: 'secret',
    clientId: 'this-page',
    random: () => 0.5,
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    ...handlers,
  });
  return { live, sockets, handlers };
}

describe('liveSocketUrl', () => {
  it('matches the page protocol', () => {
    expect(liveSocketUrl('http://127.0.0.1:3000/#')).toBe('ws://127.0.0.1:3000/socket');
    expect(liveSocketUrl('https://notes.example.org/app?x=1')).toBe(
      'wss://notes.example.org/socket',
    );
  });
});

describe('LiveSocket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('authenticates with the token first, then hands over events', () => {
    const { live, sockets, handlers } = setup();
    live.start();
    const socket = sockets[0]!;
    socket.open();
    expect(JSON.parse(socket.sent[0]!)).toEqual({
      event: 'auth',
      payload: 'secret',
      client: 'this-page',
      sync: true,
    });
    socket.receive({ event: 'ready', payload: null });
    socket.receive({ event: 'update', payload: note, sync: { update: 'AAA=' } });
    socket.receive({ event: 'delete', payload: 'n1' });
    socket.receive({ event: 'update', payload: { id: 3 } });
    expect(handlers.onReady).toHaveBeenCalledTimes(1);
    expect(handlers.onUpdate).toHaveBeenCalledExactlyOnceWith(note, 'AAA=');
    expect(handlers.onDelete).toHaveBeenCalledExactlyOnceWith('n1');
  });

  it('logs a close and reconnects with growing delays, reset by ready', () => {
    const { live, sockets, handlers } = setup();
    live.start();
    sockets[0]!.drop();
    expect(console.log).toHaveBeenCalled();
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    sockets[2]!.receive({ event: 'ready', payload: null });
    expect(handlers.onReady).toHaveBeenCalledTimes(1);
    sockets[2]!.drop();
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(4);
  });

  it('stops and reports a rejected token (4401) without reconnecting', () => {
    const { live, sockets, handlers } = setup();
    live.start();
    sockets[0]!.drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
  });

  it('closes for good when stopped', () => {
    const { live, sockets } = setup();
    live.start();
    live.stop();
    expect(sockets[0]!.closedWith).toBe(1000);
    sockets[0]!.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('reconnects at once when asked while waiting', () => {
    const { live, sockets } = setup();
    live.start();
    sockets[0]!.drop();
    live.reconnectNow();
    expect(sockets).toHaveLength(2);
    live.reconnectNow();
    expect(sockets).toHaveLength(2);
  });
});
