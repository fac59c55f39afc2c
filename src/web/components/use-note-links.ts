import { useMemo } from 'react';
import { useController } from '../app-context.js';
import type { AppController } from '../controller/app-controller.js';
import type { LinkActions } from '../editor/codemirror/note-actions.js';
import { NoteBacklinks } from '../find/note-backlinks.js';
import { NoteLinks } from '../find/note-links.js';

/** A followed link to a missing note makes it, titled as the link names it. */
const newNoteText = (title: string) => `# ${title}\n`;

// One index of titles per app, kept while notes come and go, not rebuilt for each note opened.
const linksByController = new WeakMap<AppController, NoteLinks>();

function noteLinksOf(controller: AppController): NoteLinks {
  let links = linksByController.get(controller);
  if (!links) {
    links = new NoteLinks(() => controller.store.getState());
    linksByController.set(controller, links);
  }
  return links;
}

const backlinksByController = new WeakMap<AppController, NoteBacklinks>();

/** The app's index of which notes link to which, made on first use. */
export function noteBacklinksOf(controller: AppController): NoteBacklinks {
  let backlinks = backlinksByController.get(controller);
  if (!backlinks) {
    backlinks = new NoteBacklinks(() => controller.store.getState(), noteLinksOf(controller));
    backlinksByController.set(controller, backlinks);
  }
  return backlinks;
}

/** Notes whose names are read between two looks at the idle time left: a millisecond's work. */
const NAMES_PER_SLICE = 500;

/**
 * Reads the notes' link names in idle moments, as many as each moment has time for, once the
 * list has come: the first `[[` then finds the titles gathered, rather than gathering them at
 * that key.
 */
export function readLinkNamesWhenIdle(controller: AppController): () => void {
  const links = noteLinksOf(controller);
  let handle: number | undefined;
  const step = (from: number, timeLeft: () => number) => {
    const total = () => controller.store.getState().sortedNoteIds.length;
    let next = from;
    do next = links.readNames(next, NAMES_PER_SLICE);
    while (next < total() && timeLeft() > 1);
    handle = next < total() ? later(next) : undefined;
  };
  const later = (from: number) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback((deadline) => step(from, () => deadline.timeRemaining()), {
          timeout: 2_000,
        })
      : window.setTimeout(() => step(from, () => 0), 50);
  handle = later(0);
  return () => {
    if (handle === undefined) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}

/** Where `[[links]]` lead in this app: its notes by title; opening one is a click in the list. */
export function useNoteLinks(): LinkActions {
  const controller = useController();
  return useMemo(() => {
    const links = noteLinksOf(controller);
    return {
      resolveLink: (target) => links.resolve(target),
      namesakes: (target) => links.namesakes(target),
      openNote: (id) => controller.selectNote(id),
      createLinkedNote: (title) => void controller.createNote(newNoteText(title)),
      linkTitles: (query, limit) =>
        links
          .titles(query, limit)
          .map(({ title, alias }) =>
            alias === undefined ? { name: title ?? '' } : { name: alias, ...(title && { title }) },
          ),
    };
  }, [controller]);
}
