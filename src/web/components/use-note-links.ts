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
      linkTitles: (query, limit) => links.titles(query, limit).map((match) => match.title),
    };
  }, [controller]);
}
