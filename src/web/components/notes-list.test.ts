// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '../../shared/note.js';
import { ControllerContext } from '../app-context.js';
import type { AppController } from '../controller/app-controller.js';
import { createAppStore } from '../state/store.js';
import { NotesList } from './notes-list.js';

// Render counters: the list calls useVirtualizer once per render, an item noteDisplay once.
const renders = vi.hoisted(() => ({ list: 0, items: [] as string[] }));
vi.mock('@tanstack/react-virtual', async (original) => {
  const virtual = await original<typeof import('@tanstack/react-virtual')>();
  return {
    ...virtual,
    useVirtualizer: (...args: Parameters<typeof virtual.useVirtualizer>) => {
      renders.list += 1;
      return virtual.useVirtualizer(...args);
    },
  };
});
vi.mock('../../shared/note-display.js', async (original) => {
  const display = await original<typeof import('../../shared/note-display.js')>();
  return {
    ...display,
    noteDisplay: (text: string) => {
      renders.items.push(text);
      return display.noteDisplay(text);
    },
  };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const note = (id: string, body: string): Note => ({
  id,
  body,
  timeCreated: 1,
  timeLastModified: 1,
  revision: 1,
});

/** The list over a store holding three notes (or none loaded yet), rendered into the page. */
async function renderList(selected?: string, loaded = true) {
  const store = createAppStore();
  store.dispatch({ type: 'loggedIn', token: 't', email: 'me@x.org' });
  if (loaded) {
    store.dispatch({
      type: 'notesLoaded',
      notes: [note('a', 'Alpha'), note('b', 'Beta'), note('c', 'Gamma')],
    });
  }
  if (selected) store.dispatch({ type: 'noteSelected', id: selected });
  const controller = { store, selectNote: vi.fn() } as unknown as AppController;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(createElement(ControllerContext, { value: controller }, createElement(NotesList))),
  );
  return { store, host, unmount: () => act(async () => root.unmount()) };
}

describe('NotesList', () => {
  beforeEach(() => {
    // happy-dom lays nothing out; the list gets a screen's height so its items render.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('re-renders only the typed-in note, not the whole list, on a keystroke', async () => {
    const { store, host, unmount } = await renderList('b');
    expect(renders.items.sort()).toEqual(['Alpha', 'Beta', 'Gamma']);
    const listRenders = renders.list;
    renders.items = [];

    await act(async () =>
      store.dispatch({ type: 'draftsChanged', drafts: { b: 'Beta!' }, saveStatus: 'saving' }),
    );
    await act(async () =>
      store.dispatch({ type: 'draftsChanged', drafts: { b: 'Beta!!' }, saveStatus: 'saving' }),
    );

    expect(renders.items).toEqual(['Beta!', 'Beta!!']);
    expect(renders.list).toBe(listRenders);
    expect(host.textContent).toContain('Beta!!');
    await unmount();
  });

  it('shows the note typed in at the top as the key is handled', async () => {
    const { store, host, unmount } = await renderList();
    const shown = () =>
      [...host.querySelectorAll('li')]
        .sort((x, y) => Number(x.dataset.index) - Number(y.dataset.index))
        .map((item) => item.querySelector('a')?.dataset.noteId);
    expect(shown()).toEqual(['a', 'b', 'c']);
    await act(async () =>
      store.dispatch({
        type: 'draftsChanged',
        drafts: { c: 'Gamma!' },
        saveStatus: 'saving',
        edited: 'c',
      }),
    );
    expect(shown()).toEqual(['c', 'a', 'b']);
    expect(host.querySelector('li[data-index="0"]')?.textContent).toContain('Gamma!');
    await unmount();
  });

  it('is busy, its message below the newest notes shown, until the whole list is in', async () => {
    const { store, host, unmount } = await renderList(undefined, false);
    const list = () => host.querySelector('nav[aria-label="Notes"]');
    expect(list()?.getAttribute('aria-busy')).toBe('true');
    expect(list()?.textContent).toBe('Loading notes…');
    await act(async () => store.dispatch({ type: 'noteUpdated', note: note('a', 'Alpha') }));
    expect(list()?.getAttribute('aria-busy')).toBe('true');
    // The message goes below the newest notes, so they stay put when the whole list comes.
    expect(list()?.lastElementChild?.textContent).toBe('Loading notes…');
    expect(list()?.firstElementChild?.textContent).toContain('Alpha');
    await act(async () =>
      store.dispatch({ type: 'notesLoaded', notes: [note('a', 'Alpha'), note('b', 'Beta')] }),
    );
    expect(list()?.getAttribute('aria-busy')).toBe('false');
    expect(list()?.textContent).not.toContain('Loading notes…');
    await unmount();
  });
});
