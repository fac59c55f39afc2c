import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AppController } from './controller/app-controller.js';
import type { AppState } from './state/app-state.js';

export const ControllerContext = createContext<AppController | null>(null);

export function useController(): AppController {
  const controller = useContext(ControllerContext);
  if (!controller) throw new Error('useController needs a ControllerContext provider');
  return controller;
}

/** Reads one piece of the state; the selector must return stored values, not new objects. */
export function useAppState<T>(selector: (state: AppState) => T): T {
  const { store } = useController();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}
