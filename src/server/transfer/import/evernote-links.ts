import { isLinkableTitle } from '../../../shared/rename-links.js';
import { linkKey, linkTitle } from '../../../shared/wiki-links.js';
import type { ImportedNote } from './imported-note.js';
import { retitled, UniqueTitles } from './unique-titles.js';

/** A note read from an Evernote export, with the title Evernote gave it. */
export interface EvernoteNote {
  note: ImportedNote;
  title: string | undefined;
}

// `[shown](evernote:///view/user/shard/GUID/GUID/)`, or the web form of a note link.
const NOTE_LINK =
  /\[([^[\]\n]{1,500})\]\(((?:evernote:\/\/\/view\/|https:\/\/(?:www\.)?evernote\.com\/shard\/)[^()\s]{1,300})\)/g;
const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const unescaped = (text: string) => text.replace(/\\(.)/g, '$1');

interface NoteLink {
  guid: string;
  /** The link's text, which Evernote writes as the title of the note it leads to. */
  shown: string;
}

function linksIn(body: string): NoteLink[] {
  if (!body.includes('evernote')) return [];
  return Array.from(body.matchAll(NOTE_LINK), (match) => ({
    guid: (GUID.exec(match[2] ?? '')?.[0] ?? match[2] ?? '').toLowerCase(),
    shown: unescaped(match[1] ?? ''),
  }));
}

/**
 * Makes Evernote's note links `[[links]]`. An export names a link's note by an id it does not
 * give the notes, so the link's text, the note's title when it was made, finds it. Notes that
 * share a title get unique ones, "Title (2)". Among notes of one title, a link does not lead to
 * the note it is in, and each of Evernote's ids leads to one note: a note found for an id
 * stays its note, and another id with the same text takes another note of that title.
 */
export function linkEvernoteNotes(notes: readonly EvernoteNote[]): void {
  const byTitle = new Map<string, EvernoteNote[]>();
  for (const read of notes) {
    if (read.title === undefined) continue;
    const key = linkKey(read.title);
    const same = byTitle.get(key);
    if (same) same.push(read);
    else byTitle.set(key, [read]);
  }
  const links = notes.map((read) => linksIn(read.note.body));
  const noteOf = new Map<string, EvernoteNote>();
  const taken = new Set<EvernoteNote>();
  const bind = (guid: string, note: EvernoteNote) => {
    noteOf.set(guid, note);
    taken.add(note);
  };
  // First the links that can lead to one note only: the one of that title, or the other one.
  notes.forEach((read, i) => {
    for (const link of links[i] ?? []) {
      const titled = byTitle.get(linkKey(link.shown)) ?? [];
      const only =
        titled.length === 1
          ? titled[0]
          : titled.length === 2 && titled.includes(read)
            ? titled.find((note) => note !== read)
            : undefined;
      if (only && !noteOf.has(link.guid)) bind(link.guid, only);
    }
  });
  // Then the rest, each to the first note of its title no id has taken, not the one it is in.
  // Taken notes leave the front of each title's queue for good, so this stays linear.
  const free = new Map<string, EvernoteNote[]>();
  const firstFree = (queue: EvernoteNote[]) => {
    while (queue.length > 0 && taken.has(queue[queue.length - 1] as EvernoteNote)) queue.pop();
    return queue[queue.length - 1];
  };
  notes.forEach((read, i) => {
    for (const link of links[i] ?? []) {
      if (noteOf.has(link.guid)) continue;
      const key = linkKey(link.shown);
      const titled = byTitle.get(key);
      if (!titled) continue;
      let queue = free.get(key);
      if (!queue) {
        queue = [...titled].reverse();
        free.set(key, queue);
      }
      let found = firstFree(queue);
      if (found === read) {
        queue.pop();
        found = firstFree(queue) ?? read;
        queue.push(read);
      }
      // Every note of the title taken: the first that is not this one.
      const fallback = titled[0] === read ? (titled[1] ?? read) : (titled[0] as EvernoteNote);
      bind(link.guid, found ?? fallback);
    }
  });

  const titles = new UniqueTitles();
  for (const read of notes) {
    const title = linkTitle(read.note.body);
    if (title === undefined || titles.take(title)) continue;
    read.note.body = retitled(read.note.body, title, titles.another(title, undefined));
  }

  const titleOf = new Map(notes.map((read) => [read, linkTitle(read.note.body)]));
  for (const read of notes) {
    read.note.body = read.note.body.replace(NOTE_LINK, (whole, shown: string, href: string) => {
      const guid = (GUID.exec(href)?.[0] ?? href).toLowerCase();
      const target = noteOf.get(guid);
      const title = target ? titleOf.get(target) : undefined;
      if (title === undefined || !isLinkableTitle(title)) return whole;
      const text = unescaped(shown);
      if (linkKey(text) === linkKey(title)) return `[[${title}]]`;
      return /[[\]|`]/.test(text) ? `[[${title}]]` : `[[${title}|${text}]]`;
    });
  }
}
