import type { WebSocket } from 'ws';

/** Parts of a round: with the default 30 s, a slice of the sockets is pinged each second. */
const SLICES = 30;

/**
 * Pings every socket once per `periodMs` and drops one that has not answered since its last
 * ping. The sockets are pinged a slice at a time, spread over the period: pinging thousands in
 * one turn of the event loop held every save and live event behind it for tens of
 * milliseconds. Returns `stop`.
 */
export function startHeartbeat(
  sockets: () => Iterable<WebSocket>,
  alive: WeakSet<WebSocket>,
  periodMs: number,
): () => void {
  let round: WebSocket[] = [];
  let next = 0;
  let perSlice = 0;
  const timer = setInterval(() => {
    if (next >= round.length) {
      round = [...sockets()];
      next = 0;
      perSlice = Math.ceil(round.length / SLICES);
    }
    const end = Math.min(next + perSlice, round.length);
    for (; next < end; next += 1) {
      const socket = round[next] as WebSocket;
      if (socket.readyState !== socket.OPEN) continue;
      if (!alive.has(socket)) {
        socket.terminate(); // no pong since the last ping: the peer is gone
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, periodMs / SLICES);
  timer.unref();
  return () => clearInterval(timer);
}
