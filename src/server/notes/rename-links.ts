import type { Note } from '../../shared/note.js';
import { isLinkableTitle, renameLinkTargets } from '../../shared/rename-links.js';
import type { RenameLinksRequest } from '../../shared/rename-links-request.js';
import { linkKey } from '../../shared/wiki-links.js';
import type { Db } from '../db/schema.js';
import { DomainError, invalidInput, notFound } from '../domain-errors.js';
import { findNote } from './note-repository.js';
import type { Caller, NoteService } from './note-service.js';

/**
 * The notes holding links to `from` that are the renamed note's to follow, as the link index
 * (docs/links.md) has them: none when another note still goes by that name, since those links
 * lead there. The renamed note's own links to itself are among them once it no longer goes by
 * that name.
 */
async function linkingNotes(
  db: Db,
  userId: string,
  renamedId: string,
  from: string,
  only: ReadonlySet<string> | undefined,
): Promise<string[]> {
  const key = linkKey(from);
  const namedSo = (others: boolean) =>
    db
      .selectFrom('note_link_names')
      .select('note_id')
      .where('user_id', '=', userId)
      .where('name_key', '=', key)
      .where('note_id', others ? '!=' : '=', renamedId)
      .limit(1)
      .executeTakeFirst();
  if (await namedSo(true)) return [];
  const keepsName = (await namedSo(false)) !== undefined;
  const rows = await db
    .selectFrom('note_links')
    .select('note_id')
    .where('user_id', '=', userId)
    .where('target_key', '=', key)
    .execute();
  return rows
    .map((row) => row.note_id)
    .filter((id) => (!only || only.has(id)) && !(keepsName && id === renamedId));
}

/**
 * Note `id` was called `from` and is now `to`: the links to `from` in the caller's notes (those
 * in `only`, when given), the note's own links to itself too, name `to` instead. Each changed
 * note is saved as any edit is, from the revision read (a save that comes between is merged
 * with it), so it has its history and its live update. Answers the notes as now stored.
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
      const saved = await notes.update(caller, note.id, {
        body: renamed.text,
        base: note.revision,
      });
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
