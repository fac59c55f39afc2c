import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { startHeartbeat } from './heartbeat.js';

const PERIOD_MS = 30_000;

function fakeSocket() {
  return { OPEN: 1, readyState: 1, ping: vi.fn(), terminate: vi.fn() };
}
type FakeSocket = ReturnType<typeof fakeSocket>;

let sockets: FakeSocket[];
let alive: WeakSet<WebSocket>;
let stop: () => void;
const asSocket = (socket: FakeSocket) => socket as unknown as WebSocket;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = Array.from({ length: 3000 }, fakeSocket);
  alive = new WeakSet(sockets.map(asSocket));
  stop = startHeartbeat(() => sockets.map(asSocket), alive, PERIOD_MS);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

const pinged = () => sockets.filter((socket) => socket.ping.mock.calls.length > 0).length;

it('pings every socket once a period, a slice at a time', () => {
  vi.advanceTimersByTime(PERIOD_MS / 30);
  expect(pinged()).toBe(100);
  vi.advanceTimersByTime(PERIOD_MS - PERIOD_MS / 30);
  expect(pinged()).toBe(3000);
  expect(sockets.every((socket) => socket.ping.mock.calls.length === 1)).toBe(true);
});

it('drops a socket with no pong since its last ping, and only that one', () => {
  const [quiet, answering] = sockets as [FakeSocket, FakeSocket];
  vi.advanceTimersByTime(PERIOD_MS);
  alive.add(asSocket(answering)); // its pong came back
  vi.advanceTimersByTime(PERIOD_MS);
  expect(quiet.terminate).toHaveBeenCalledOnce();
  expect(answering.terminate).not.toHaveBeenCalled();
  expect(answering.ping).toHaveBeenCalledTimes(2);
});

it('leaves a socket alone that closed before its turn', () => {
  const closed = sockets[2999] as FakeSocket;
  closed.readyState = 3;
  vi.advanceTimersByTime(2 * PERIOD_MS);
  expect(closed.ping).not.toHaveBeenCalled();
  expect(closed.terminate).not.toHaveBeenCalled();
});
