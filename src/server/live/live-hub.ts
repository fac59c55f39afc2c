import type { WebSocket } from 'ws';
import type { LiveMessage } from '../../shared/live-message.js';
import { CLOSE_UNAUTHORIZED } from '../../shared/live-message.js';
import { updateText } from '../../shared/note-document.js';
import {
  endsSession,
  type LiveBus,
  type NoteChange,
  type Presence,
  type SessionsEnded,
} from './live-bus.js';

export interface LiveClient {
  userId: string;
  sessionId: string;
  socket: WebSocket;
  /** The id the socket authenticated with, if any: its own changes are not echoed to it. */
  clientId?: string;
  /** Whether it keeps notes' documents, and so hears each change's document update. */
  sync?: boolean;
  /** This socket, among all of every instance: its own presence is not sent back to it. */
  socketId: string;
  /** Opened with an API token (whose id is `sessionId`) rather than a session. */
  apiToken?: boolean;
}

export const DEFAULT_MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

const READY: string = JSON.stringify({ event: 'ready', payload: null } satisfies LiveMessage);

function toMessage(change: NoteChange, withSync: boolean): string {
  let message: LiveMessage;
  if (change.event === 'delete') message = { event: 'delete', payload: change.noteId };
  else if (withSync && change.update) {
    message = {
      event: 'update',
      payload: change.note,
      sync: { update: updateText(change.update) },
    };
  } else message = { event: 'update', payload: change.note };
  return JSON.stringify(message);
}

/** Knows every authenticated socket of this instance and hands each user their changes. */
export class LiveHub {
  private readonly clientsByUser = new Map<string, Set<LiveClient>>();
  private readonly unsubscribe: () => void;

  /**
   * `maxBufferedBytes`: a socket that has this much waiting to be sent is not reading; it is
   * dropped rather than allowed to grow the server's memory (its client reconnects and refetches).
   */
  constructor(
    private readonly bus: LiveBus,
    private readonly maxBufferedBytes = DEFAULT_MAX_BUFFERED_BYTES,
  ) {
    this.unsubscribe = bus.subscribe({
      onChange: (change) => this.deliver(change),
      onResync: () => this.resyncAll(),
      onSessionsEnded: (ended) => this.closeEnded(ended),
      onPresence: (presence) => this.deliverPresence(presence),
    });
  }

  /** A window's presence in a note, from one of its sockets, for the account's other windows. */
  presence(client: LiveClient, noteId: string, state: string): Promise<void> {
    return this.bus.publishPresence({
      userId: client.userId,
      origin: client.socketId,
      noteId,
      state,
    });
  }

  /** Registers an authenticated socket and tells it so with `ready`. */
  add(client: LiveClient): void {
    let clients = this.clientsByUser.get(client.userId);
    if (!clients) {
      clients = new Set();
      this.clientsByUser.set(client.userId, clients);
    }
    clients.add(client);
    client.socket.send(READY);
  }

  remove(client: LiveClient): void {
    const clients = this.clientsByUser.get(client.userId);
    if (!clients) return;
    clients.delete(client);
    if (clients.size === 0) this.clientsByUser.delete(client.userId);
  }

  closeSessions(sessionIds: ReadonlySet<string>, code: number, reason: string): void {
    for (const clients of this.clientsByUser.values()) {
      for (const client of clients) {
        if (sessionIds.has(client.sessionId)) client.socket.close(code, reason);
      }
    }
  }

  /** Closes, with 4401, the sockets of sessions that ended anywhere. */
  closeEnded(ended: SessionsEnded): void {
    const clients = this.clientsByUser.get(ended.userId);
    if (!clients) return;
    for (const client of clients) {
      if (endsSession(ended, client.sessionId, client.apiToken)) {
        client.socket.close(CLOSE_UNAUTHORIZED, ended.reason ?? 'Session ended');
      }
    }
  }

  /** The sessions this instance's sockets were opened with. */
  sessionIds(): Set<string> {
    const ids = new Set<string>();
    for (const clients of this.clientsByUser.values()) {
      for (const client of clients) ids.add(client.sessionId);
    }
    return ids;
  }

  close(): void {
    this.unsubscribe();
  }

  private deliver(change: NoteChange): void {
    const clients = this.clientsByUser.get(change.userId);
    if (!clients) return;
    // Serialized once for each kind of socket, however many there are.
    const messages: Partial<Record<'plain' | 'sync', string>> = {};
    for (const client of clients) {
      // A client that named its socket does not need the echo of its own change.
      if (change.origin !== undefined && client.clientId === change.origin) continue;
      const form = client.sync ? 'sync' : 'plain';
      messages[form] ??= toMessage(change, client.sync === true);
      this.send(client.socket, messages[form]);
    }
  }

  /** To the account's sockets that keep documents, but the one it came from. */
  private deliverPresence(presence: Presence): void {
    const clients = this.clientsByUser.get(presence.userId);
    if (!clients) return;
    const message: LiveMessage = {
      event: 'presence',
      payload: { note: presence.noteId, state: presence.state },
    };
    const text = JSON.stringify(message);
    for (const client of clients) {
      if (client.sync && client.socketId !== presence.origin) this.send(client.socket, text);
    }
  }

  private send(socket: WebSocket, message: string): void {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      socket.terminate(); // a close frame would only queue behind what it cannot read
      return;
    }
    socket.send(message);
  }

  /** A fresh `ready` makes each client refetch its notes, recovering anything missed. */
  private resyncAll(): void {
    for (const clients of this.clientsByUser.values()) {
      for (const client of clients) this.send(client.socket, READY);
    }
  }
}
