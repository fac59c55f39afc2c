import type { Note } from '../../shared/note.js';
import { isLinkableTitle, renameLinkTargets } from '../../shared/rename-links.js';
import type { RenameLinksRequest } from '../../shared/rename-links-request.js';
import { linkKey, linkNames, wikiLinks } from '../../shared/wiki-links.js';
import type { Db } from '../db/database.js';
import { DomainError, invalidInput, notFound } from '../domain-errors.js';
import { findNote } from './note-repository.js';
import type { Caller, NoteService } from './note-service.js';

/** Notes read at a time while looking for links: the account's text is never all in memory. */
const PAGE = 200;

/** The account's notes in the list, a page at a time, in id order. */
async function* listPages(db: Db, userId: string): AsyncGenerator<{ id: string; body: string }[]> {
  let after = '';
  for (;;) {
    const page = await db
      .selectFrom('notes')
      .select(['id', 'body'])
      .where('user_id', '=', userId)
      .where('time_deleted', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]?.id ?? after;
  }
}

/**
 * The notes holding links to `from` that are the renamed note's to follow: none when another
 * note still goes by that name, since those links lead there.
 */
async function linkingNotes(
  db: Db,
  userId: string,
  renamedId: string,
  from: string,
  only: ReadonlySet<string> | undefined,
): Promise<string[]> {
  const key = linkKey(from);
  const linking: string[] = [];
  for await (const page of listPages(db, userId)) {
    for (const { id, body } of page) {
      if (id === renamedId) continue;
      if (linkNames({ body }).some((name) => linkKey(name) === key)) return [];
      if (only && !only.has(id)) continue;
      if (wikiLinks(body).some((link) => linkKey(link.target) === key)) linking.push(id);
    }
  }
  return linking;
}

/**
 * Note `id` was called `from` and is now `to`: the links to `from` in the caller's other notes
 * (those in `only`, when given) name `to` instead. Each changed note is saved as any edit is,
 * from the revision read (a save that comes between is merged with it), so it has its history
 * and its live update. Answers the notes as now stored.
 */
export async function renameLinks(
  db: Db,
  notes: NoteService,
  caller: Caller,
  id: string,
  request: RenameLinksRequest,
): Promise<Note[]> {
  const from = request.from.trim();
  const to = request.to.trim();
  if (!from.isWellFormed() || !to.isWellFormed()) {
    throw invalidInput('A title is not well-formed Unicode text');
  }
  if (!isLinkableTitle(from) || !isLinkableTitle(to)) {
    throw invalidInput('A link can name neither an empty title nor one with [ ] | # or `');
  }
  if (!(await findNote(db, caller.userId, id))) throw notFound('No such note');
  if (linkKey(from) === linkKey(to)) return [];
  const only = request.only && new Set(request.only);
  const changed: Note[] = [];
  for (const linkingId of await linkingNotes(db, caller.userId, id, from, only)) {
    const note = await findNote(db, caller.userId, linkingId);
    if (!note) continue;
    const renamed = renameLinkTargets(note.body, from, to);
    if (renamed.count === 0) continue;
    try {
      const saved = await notes.update(caller, note.id, renamed.text, note.revision);
      changed.push(saved.note);
    } catch (error) {
      // A note deleted meanwhile has no links to keep working.
      if (error instanceof DomainError && error.code === 'not_found') continue;
      if (error instanceof DomainError && error.code === 'in_trash') continue;
      throw error;
    }
  }
  return changed;
}
