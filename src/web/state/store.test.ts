import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from './store.js';

describe('createAppStore', () => {
  it('applies actions through the reducer and tells subscribers', () => {
    const store = createAppStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.dispatch({ type: 'menuToggled' });
    expect(store.getState().isMenuOpen).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.dispatch({ type: 'menuToggled' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when an action changes nothing', () => {
    const store = createAppStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: 'noteSelected', id: 'unknown' });
    expect(listener).not.toHaveBeenCalled();
  });
});
