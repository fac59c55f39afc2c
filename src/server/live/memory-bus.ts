import type { LiveBus, LiveBusListener, NoteChange, SessionsEnded } from './live-bus.js';

/** The bus of a single instance: changes go straight to the listeners in this process. */
export function createMemoryBus(): LiveBus {
  const listeners = new Set<LiveBusListener>();
  return {
    async publish(change: NoteChange) {
      for (const listener of listeners) listener.onChange?.(change);
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
