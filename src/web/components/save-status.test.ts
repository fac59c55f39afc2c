// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ControllerContext } from '../app-context.js';
import type { AppController } from '../controller/app-controller.js';
import type { SaveStatus as Status } from '../state/app-state.js';
import { createAppStore } from '../state/store.js';
import { SAVED_SETTLE_MS, SaveStatus } from './save-status.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const store = createAppStore();
let host: HTMLElement;
let unmount: () => void;

beforeEach(async () => {
  vi.useFakeTimers();
  store.dispatch({ type: 'loggedIn', token: 't', email: 'me@x.org' });
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const controller = { store } as unknown as AppController;
  await act(async () =>
    root.render(createElement(ControllerContext, { value: controller }, createElement(SaveStatus))),
  );
  unmount = () => act(() => root.unmount());
});
afterEach(() => {
  unmount();
  host.remove();
  vi.useRealTimers();
});

const shown = () => host.querySelector('[role="status"]')?.textContent;
const status = (saveStatus: Status) =>
  act(() => store.dispatch({ type: 'draftsChanged', drafts: {}, saveStatus }));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

it('shows "Saved" once the edits have stayed saved a moment, not between two keys', async () => {
  await status('saving');
  expect(shown()).toBe('Saving…');
  for (let key = 0; key < 5; key += 1) {
    await status('saved'); // the key's save is answered…
    await wait(100);
    expect(shown()).toBe('Saving…');
    await status('saving'); // …and the next key is typed
  }
  await status('saved');
  await wait(SAVED_SETTLE_MS - 1);
  expect(shown()).toBe('Saving…');
  await wait(1);
  expect(shown()).toBe('Saved');
  await status('saving');
  expect(shown()).toBe('Saving…');
});

it('tells of a failure or a retry at once', async () => {
  await status('saving');
  await status('failed');
  expect(shown()).toBe('Not saved');
  await status('retrying');
  expect(shown()).toBe('Offline — retrying');
});
