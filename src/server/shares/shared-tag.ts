import type { Note } from '../../shared/note.js';
import { isUnderTag, noteTags, tagName } from '../../shared/note-tags.js';
import type { Db } from '../db/schema.js';
import { namesLeadingTo } from '../links/link-index.js';
import { listNotes } from '../notes/note-repository.js';

/** A tag's link: whose tag, which, and whether the tags nested under it count. */
export interface SharedTag {
  userId: string;
  tag: string;
  nestedTags: boolean;
}

/** Whether a note's text carries the shared tag (or, when they count, one nested under it). */
export function carriesSharedTag(body: string, { tag, nestedTags }: SharedTag): boolean {
  const shared = tagName(tag);
  return noteTags(body).some((written) => {
    const name = tagName(written);
    return nestedTags ? isUnderTag(name, shared) : name === shared;
  });
}

/** The listed notes a tag's link shows, in the list's order. */
export async function notesOfSharedTag(db: Db, shared: SharedTag): Promise<Note[]> {
  const notes = await listNotes(db, shared.userId);
  return notes.filter((note) => carriesSharedTag(note.body, shared));
}

/**
 * Which shared note each name leads to, as the app resolves links (`linkKey` → note id): a name
 * that leads to a note outside the link is left out, so nothing tells of that note.
 */
export async function linksWithinShare(
  db: Db,
  userId: string,
  notes: readonly Note[],
): Promise<Record<string, string>> {
  const names = await namesLeadingTo(
    db,
    userId,
    notes.map((note) => note.id),
  );
  return Object.fromEntries(names.map(({ key, noteId }) => [key, noteId]));
}
