import type { LiveBus, LiveBusListener, NoteChange, Presence, SessionsEnded } from './live-bus.js';

/** The bus of a single instance: changes go straight to the listeners in this process. */
export function createMemoryBus(): LiveBus {
  const listeners = new Set<LiveBusListener>();
  return {
    async publish(change: NoteChange) {
      for (const listener of listeners) listener.onChange?.(change);
    },
    async publishPresence(presence: Presence) {
      for (const listener of listeners) listener.onPresence?.(presence);
    },
    async endSessions(ended: SessionsEnded) {
      for (const listener of listeners) listener.onSessionsEnded?.(ended);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
