import {
  type AuthMessage,
  CLOSE_UNAUTHORIZED,
  LIVE_SOCKET_PATH,
  type PresenceMessage,
} from '../../shared/live-message.js';
import type { Note, NoteId } from '../../shared/note.js';
import { isSessionEndReason, type SessionEndReason } from '../../shared/session-end.js';
import { backoffDelay } from './backoff.js';
import { liveClientId } from './live-client.js';
import { isNote } from './note-guard.js';

/** The part of the browser's WebSocket this module uses, so tests can pass a fake. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
}

export interface LiveSocketHandlers {
  /** The socket is authenticated; anything missed while away should be fetched now. */
  onReady(): void;
  /** `update`: the change's document update (base64), for a client keeping documents. */
  onUpdate(note: Note, update?: string): void;
  onDelete(id: NoteId): void;
  /** Another window's presence in a note (docs/sync.md). */
  onPresence?(noteId: NoteId, state: string): void;
  /** The server rejected the token (close code 4401): the session is over. */
  onUnauthorized(reason?: SessionEndReason): void;
  /** The connection dropped; it is being tried again. */
  onClosed?(): void;
}

export interface LiveSocketOptions extends LiveSocketHandlers {
  url: string;
  token: string;
  createSocket?: (url: string) => SocketLike;
  /** The name the socket authenticates with, which this page's writes send (no echo of them). */
  clientId?: string;
  random?: () => number;
}

/** `ws:`/`wss:` address of the live socket, per the page protocol (docs/api.md#the-live-socket). */
export function liveSocketUrl(pageUrl: string): string {
  const url = new URL(LIVE_SOCKET_PATH, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.hash = '';
  return url.toString();
}

function parseMessage(data: unknown): { event?: unknown; payload?: unknown } | null {
  if (typeof data !== 'string') return null;
  try {
    const message: unknown = JSON.parse(data);
    return message && typeof message === 'object' ? message : null;
  } catch {
    return null;
  }
}

/**
 * The live connection: authenticates with the first message, hands over `update` and `delete`
 * events, and after any close other than 4401 reconnects with capped, jittered backoff.
 */
export class LiveSocket {
  private socket: SocketLike | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private stopped = false;
  /** Whether the socket is authenticated (its `ready` came). */
  private ready = false;
  private readonly options: LiveSocketOptions;

  constructor(options: LiveSocketOptions) {
    this.options = options;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.ready = false;
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'logged out');
  }

  /** Sends a message over the socket once it is authenticated; dropped otherwise. */
  send(message: PresenceMessage): void {
    if (this.socket && this.ready) this.socket.send(JSON.stringify(message));
  }

  /** Skips the wait when there is reason to think the server is back (e.g. `online`). */
  reconnectNow(): void {
    if (this.stopped || this.socket) return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  private connect(): void {
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    const socket = create(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      const auth: AuthMessage = {
        event: 'auth',
        payload: this.options.token,
        client: this.options.clientId ?? liveClientId,
        sync: true,
      };
      socket.send(JSON.stringify(auth));
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.handleMessage(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      console.log(
        `Live connection closed (${event.code}${event.reason ? ` ${event.reason}` : ''})`,
      );
      if (this.stopped) return;
      if (event.code === CLOSE_UNAUTHORIZED) {
        this.stopped = true;
        this.options.onUnauthorized(isSessionEndReason(event.reason) ? event.reason : undefined);
        return;
      }
      this.options.onClosed?.();
      const delay = backoffDelay(this.attempt, undefined, this.options.random);
      this.attempt += 1;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  private handleMessage(data: unknown): void {
    const message = parseMessage(data);
    if (!message) return;
    if (message.event === 'ready') {
      this.attempt = 0;
      this.ready = true;
      this.options.onReady();
    } else if (message.event === 'update' && isNote(message.payload)) {
      const sync = (message as { sync?: { update?: unknown } }).sync;
      this.options.onUpdate(
        message.payload,
        typeof sync?.update === 'string' ? sync.update : undefined,
      );
    } else if (message.event === 'delete' && typeof message.payload === 'string') {
      this.options.onDelete(message.payload);
    } else if (message.event === 'presence') {
      const { note, state } = (message.payload ?? {}) as { note?: unknown; state?: unknown };
      if (typeof note === 'string' && typeof state === 'string') {
        this.options.onPresence?.(note, state);
      }
    }
  }
}
