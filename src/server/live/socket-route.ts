import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  AUTH_TIMEOUT_MS,
  CLOSE_UNAUTHORIZED,
  LIVE_SOCKET_PATH,
} from '../../shared/live-message.js';
import { findSession } from '../accounts/account-service.js';
import type { Db } from '../db/database.js';
import type { LiveClient, LiveHub } from './live-hub.js';

/** Close code when no auth message arrives in time (4000–4999 are the application's). */
export const CLOSE_AUTH_TIMEOUT = 4408;

export interface LiveSocketOptions {
  db: Db;
  hub: LiveHub;
  /** How often sockets are pinged; one missed pong and the socket is dropped. */
  heartbeatMs: number;
  authTimeoutMs?: number;
}

/** The token of a well-formed `{"event":"auth","payload":"…"}`; undefined for anything else. */
function authToken(data: WebSocket.RawData, isBinary: boolean): string | undefined {
  if (isBinary) return undefined;
  try {
    const message: unknown = JSON.parse(data.toString());
    if (typeof message !== 'object' || message === null) return undefined;
    const { event, payload } = message as { event?: unknown; payload?: unknown };
    return event === 'auth' && typeof payload === 'string' ? payload : undefined;
  } catch {
    return undefined; // malformed messages are ignored, as if never sent
  }
}

/** `GET /socket`: authenticate with the first message, then receive the user's changes. */
export function registerLiveSocket(app: FastifyInstance, options: LiveSocketOptions): void {
  const { db, hub, heartbeatMs } = options;
  const alive = new WeakSet<WebSocket>();

  const heartbeat = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (!alive.has(socket)) {
        socket.terminate(); // no pong since the last ping: the peer is gone
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  app.get(LIVE_SOCKET_PATH, { websocket: true }, (socket, request) => {
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));

    let client: LiveClient | undefined;
    let authenticating = false;
    const authTimer = setTimeout(
      () => socket.close(CLOSE_AUTH_TIMEOUT, 'Authentication timed out'),
      options.authTimeoutMs ?? AUTH_TIMEOUT_MS,
    );

    socket.on('message', async (data, isBinary) => {
      if (client || authenticating) return; // after auth the server only talks
      const token = authToken(data, isBinary);
      if (token === undefined) return;
      authenticating = true;
      clearTimeout(authTimer);
      try {
        const session = await findSession(db, token);
        if (socket.readyState !== socket.OPEN) return;
        if (!session) {
          socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
          return;
        }
        client = { userId: session.userId, sessionId: session.sessionId, socket };
        hub.add(client);
      } catch (error) {
        request.log.error({ err: error }, 'live socket authentication failed');
        socket.close(1011, 'Server error');
      }
    });

    socket.on('close', () => {
      clearTimeout(authTimer);
      if (client) hub.remove(client);
    });
  });
}
