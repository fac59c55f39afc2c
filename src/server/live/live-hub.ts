import type { WebSocket } from 'ws';
import type { LiveMessage } from '../../shared/live-message.js';
import type { LiveBus, NoteChange } from './live-bus.js';

export interface LiveClient {
  userId: string;
  sessionId: string;
  socket: WebSocket;
}

const READY: string = JSON.stringify({ event: 'ready', payload: null } satisfies LiveMessage);

function toMessage(change: NoteChange): string {
  const message: LiveMessage =
    change.event === 'update'
      ? { event: 'update', payload: change.note }
      : { event: 'delete', payload: change.noteId };
  return JSON.stringify(message);
}

/** Knows every authenticated socket of this instance and hands each user their changes. */
export class LiveHub {
  private readonly clientsByUser = new Map<string, Set<LiveClient>>();
  private readonly unsubscribe: () => void;

  constructor(bus: LiveBus) {
    this.unsubscribe = bus.subscribe({
      onChange: (change) => this.deliver(change),
      onResync: () => this.resyncAll(),
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

  /** Closes the sockets opened with a session that has just been revoked. */
  closeSession(sessionId: string, code: number, reason: string): void {
    this.closeSessions(new Set([sessionId]), code, reason);
  }

  closeSessions(sessionIds: ReadonlySet<string>, code: number, reason: string): void {
    for (const clients of this.clientsByUser.values()) {
      for (const client of clients) {
        if (sessionIds.has(client.sessionId)) client.socket.close(code, reason);
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
    const message = toMessage(change); // serialized once, however many sockets
    for (const client of clients) {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(message);
    }
  }

  /** A fresh `ready` makes each client refetch its notes, recovering anything missed. */
  private resyncAll(): void {
    for (const clients of this.clientsByUser.values()) {
      for (const client of clients) {
        if (client.socket.readyState === client.socket.OPEN) client.socket.send(READY);
      }
    }
  }
}
