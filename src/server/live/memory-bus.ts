import type { LiveBus, LiveBusListener, NoteChange } from './live-bus.js';

/** The bus of a single instance: changes go straight to the listeners in this process. */
export function createMemoryBus(): LiveBus {
  const listeners = new Set<LiveBusListener>();
  return {
    async publish(change: NoteChange) {
      for (const listener of listeners) listener.onChange(change);
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
