import type { AppAction } from './actions.js';
import { type AppState, initialAppState } from './app-state.js';
import { appReducer } from './reducer.js';

/** A minimal external store around the reducer, read by React through useSyncExternalStore. */
export interface AppStore {
  getState(): AppState;
  dispatch(action: AppAction): void;
  subscribe(listener: () => void): () => void;
}

export function createAppStore(initial: AppState = initialAppState): AppStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = appReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
