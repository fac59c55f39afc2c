import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  AUTH_TIMEOUT_MS,
  CLOSE_FORBIDDEN,
  CLOSE_TOO_MANY_SOCKETS,
  CLOSE_UNAUTHORIZED,
  isLiveClientId,
  LIVE_SOCKET_PATH,
  MAX_PRESENCE_STATE,
} from '../../shared/live-message.js';
import { findLiveCredentialIds } from '../accounts/credential-ids.js';
import type { SessionChecker } from '../accounts/session-service.js';
import { nowInSeconds } from '../clock.js';
import type { Db } from '../db/schema.js';
import { DomainError, tooManyRequests } from '../domain-errors.js';
import { startHeartbeat } from './heartbeat.js';
import type { LiveClient, LiveHub } from './live-hub.js';
import {
  type AdmissionTicket,
  SocketAdmission,
  type SocketAdmissionLimits,
} from './socket-admission.js';

/** Close code when no auth message arrives in time (4000–4999 are the application's). */
export const CLOSE_AUTH_TIMEOUT = 4408;

export interface LiveSocketOptions {
  db: Db;
  hub: LiveHub;
  sessions: SessionChecker;
  /** How often sockets are pinged; one missed pong and the socket is dropped. */
  heartbeatMs: number;
  authTimeoutMs?: number;
  admission: SocketAdmissionLimits;
}

/**
 * The token (and client id, if any) of a well-formed `{"event":"auth","payload":"…"}`;
 * undefined for anything else.
 */
function authMessage(
  data: WebSocket.RawData,
  isBinary: boolean,
): { token: string; clientId?: string; sync: boolean } | undefined {
  if (isBinary) return undefined;
  try {
    const message: unknown = JSON.parse(data.toString());
    if (typeof message !== 'object' || message === null) return undefined;
    const { event, payload, client, sync } = message as Record<string, unknown>;
    if (event !== 'auth' || typeof payload !== 'string') return undefined;
    return {
      token: payload,
      clientId: isLiveClientId(client) ? client : undefined,
      sync: sync === true,
    };
  } catch {
    return undefined; // malformed messages are ignored, as if never sent
  }
}

/** A presence message a client sends once authenticated; undefined for anything else. */
function presenceMessage(
  data: WebSocket.RawData,
  isBinary: boolean,
): { noteId: string; state: string } | undefined {
  if (isBinary) return undefined;
  try {
    const { event, payload } = JSON.parse(data.toString()) as Record<string, unknown>;
    const { note, state } = (payload ?? {}) as Record<string, unknown>;
    if (event !== 'presence' || typeof note !== 'string' || typeof state !== 'string') {
      return undefined;
    }
    const fits = note.length > 0 && note.length <= 64 && state.length <= MAX_PRESENCE_STATE;
    return fits && /^[A-Za-z0-9+/]*={0,2}$/.test(state) ? { noteId: note, state } : undefined;
  } catch {
    return undefined;
  }
}

/** Presence messages a socket may send per second; more are dropped (a cursor moves often). */
const PRESENCE_PER_SECOND = 20;

/** `GET /socket`: authenticate with the first message, then receive the user's changes. */
export function registerLiveSocket(app: FastifyInstance, options: LiveSocketOptions): void {
  const { db, hub, heartbeatMs, sessions } = options;
  const alive = new WeakSet<WebSocket>();
  const admission = new SocketAdmission(options.admission);
  const tickets = new WeakMap<object, AdmissionTicket>();

  const stopHeartbeat = startHeartbeat(() => app.websocketServer.clients, alive, heartbeatMs);
  app.addHook('onClose', async () => stopHeartbeat());

  /** Until it authenticates, a socket holds a place; none left → 429 before the handshake. */
  const admit = async (request: FastifyRequest) => {
    if (!request.ws) return; // a plain request gets its 426 from the route
    const ticket = admission.admit(request.ip);
    if (!ticket) throw tooManyRequests('Too many unauthenticated connections; try again soon');
    request.raw.socket.once('close', ticket.release);
    tickets.set(request.raw, ticket);
  };

  app.route({
    method: 'GET',
    url: LIVE_SOCKET_PATH,
    onRequest: admit,
    handler: async () => {
      throw new DomainError('upgrade_required', 'This address only speaks WebSocket');
    },
    wsHandler: (socket, request) => {
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      const ticket = tickets.get(request.raw);

      let client: LiveClient | undefined;
      let userPlace: AdmissionTicket | undefined;
      let authenticating = false;
      /** Presence comes with editing: an API token that may not write notes sends none. */
      let mayEdit = false;
      let presenceWindow = { start: 0, sent: 0 };
      const authTimer = setTimeout(
        () => socket.close(CLOSE_AUTH_TIMEOUT, 'Authentication timed out'),
        options.authTimeoutMs ?? AUTH_TIMEOUT_MS,
      );

      socket.on('message', async (data, isBinary) => {
        // After auth, the only thing a client says is where it is in a note (docs/sync.md).
        if (client) {
          const presence = client.sync && mayEdit ? presenceMessage(data, isBinary) : undefined;
          const now = Date.now();
          if (now - presenceWindow.start >= 1_000) presenceWindow = { start: now, sent: 0 };
          if (!presence || ++presenceWindow.sent > PRESENCE_PER_SECOND) return;
          await hub.presence(client, presence.noteId, presence.state).catch((error: unknown) => {
            request.log.warn({ err: error }, 'presence could not be passed on');
          });
          return;
        }
        if (authenticating) return;
        const auth = authMessage(data, isBinary);
        if (auth === undefined) return;
        authenticating = true;
        clearTimeout(authTimer);
        try {
          const session = await sessions.authenticate(auth.token);
          if (socket.readyState !== socket.OPEN) return;
          if (!session) {
            socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
            return;
          }
          // Live events are the account's notes: an API token needs the scope that reads them.
          if (session.scopes && !session.scopes.includes('notes:read')) {
            socket.close(CLOSE_FORBIDDEN, 'This API token lacks the notes:read scope');
            return;
          }
          mayEdit = !session.scopes || session.scopes.includes('notes:write');
          ticket?.release();
          userPlace = admission.admitUser(session.userId);
          if (!userPlace) {
            socket.close(CLOSE_TOO_MANY_SOCKETS, 'Too many live connections for this account');
            return;
          }
          client = {
            userId: session.userId,
            sessionId: session.sessionId,
            apiToken: session.scopes !== undefined,
            socket,
            clientId: auth.clientId,
            sync: auth.sync,
            socketId: randomUUID(),
          };
          hub.add(client);
          // A logout that ended the session while it was being read has already told the hub,
          // before this socket was in it: look again now that any later end will find it.
          const stillThere = await findLiveCredentialIds(db, [session.sessionId], nowInSeconds());
          if (!stillThere.has(session.sessionId)) socket.close(CLOSE_UNAUTHORIZED, 'Session ended');
        } catch (error) {
          request.log.error({ err: error }, 'live socket authentication failed');
          socket.close(1011, 'Server error');
        }
      });

      socket.on('close', () => {
        clearTimeout(authTimer);
        ticket?.release();
        userPlace?.release();
        if (client) hub.remove(client);
      });
    },
  });
}
