import { vi } from 'vitest';
import type { Note } from '../../shared/note.js';
import type { TrashedNote } from '../../shared/note-history.js';
import { renameLinkTargets } from '../../shared/rename-links.js';
import type { RenameLinksRequest } from '../../shared/rename-links-request.js';
import { NoteRequestError } from '../api/api-errors.js';
import type { QuireApi } from '../api/quire-api.js';

/**
 * The fake server's notes: every set or delete takes the next change number, so lists carry an
 * etag and a cursor and `since` answers what changed after one, as the real server does.
 */
class ChangingNotes extends Map<string, Note> {
  seq = 0;
  readonly changedAt = new Map<string, number>();
  readonly deletedAt = new Map<string, number>();

  override set(id: string, note: Note): this {
    super.set(id, note);
    this.changedAt.set(id, ++this.seq);
    this.deletedAt.delete(id);
    return this;
  }

  override delete(id: string): boolean {
    this.deletedAt.set(id, ++this.seq);
    this.changedAt.delete(id);
    return super.delete(id);
  }

  list() {
    const notes = [...this.values()].sort((a, b) => b.timeLastModified - a.timeLastModified);
    return { notes, etag: `"list-${this.seq}"`, cursor: `cursor-${this.seq}` };
  }

  since(cursor: string) {
    const after = Number(/^cursor-(\d+)$/.exec(cursor)?.[1] ?? Number.NaN);
    if (!(after <= this.seq)) throw new NoteRequestError(400, undefined, 'invalid_input');
    const newer = (changes: Map<string, number>) =>
      [...changes].filter(([, seq]) => seq > after).map(([id]) => id);
    const results = newer(this.changedAt).map((id) => this.get(id) as Note);
    results.sort((a, b) => b.timeLastModified - a.timeLastModified);
    return { results, deleted: newer(this.deletedAt), cursor: `cursor-${this.seq}` };
  }
}

/**
 * A stand-in for the server in controller tests: notes with revisions, a trash, and saves that
 * are stored as sent (tests that need a merged answer say so with `mockImplementationOnce`).
 */
export function fakeQuireApi(initial: Note[]) {
  const notes = new ChangingNotes();
  for (const note of initial) notes.set(note.id, note);
  const trash = new Map<string, TrashedNote>();
  let created = 0;
  let clock = 100;
  const missing = (id: string) =>
    new NoteRequestError(404, undefined, trash.has(id) ? 'in_trash' : 'not_found');
  const api = {
    checkToken: vi.fn(async () => ({ valid: true as const, email: 'Me@Example.org' })),
    logIn: vi.fn(async () => 'new-token'),
    unlockSecondFactor: vi.fn(async () => 'unlocked-token'),
    signUp: vi.fn(async () => 'signup-token'),
    logOut: vi.fn(async () => {}),
    fetchSignup: vi.fn(async () => ({ open: false, firstRun: false })),
    fetchNoteList: vi.fn(
      async (_token: string, etag?: string | null, _onTop?: (top: Note[]) => void) => {
        const list = notes.list();
        return etag === list.etag ? { ...list, notes: null } : list;
      },
    ),
    fetchNoteChanges: vi.fn(async (_token: string, since: string) => notes.since(since)),
    // A client's own id is kept, and sending it again answers the note already made.
    createNote: vi.fn(async (_token: string, id?: string) => {
      const existing = id === undefined ? undefined : notes.get(id);
      if (existing) return existing;
      const note = {
        id: id ?? `n${++created}`,
        body: '',
        timeCreated: clock,
        timeLastModified: clock,
        revision: 1,
      };
      notes.set(note.id, note);
      return note;
    }),
    updateNote: vi.fn(
      async (_token: string, edit: { id: string; body: string; revision: number }) => {
        const stored = notes.get(edit.id);
        if (!stored) throw missing(edit.id);
        const note = {
          ...stored,
          body: edit.body,
          revision: stored.revision + 1,
          timeLastModified: ++clock,
        };
        notes.set(note.id, note);
        return { note, conflictRevision: null as number | null };
      },
    ),
    deleteNote: vi.fn(async (_token: string, id: string) => {
      const stored = notes.get(id);
      if (!stored) throw missing(id);
      notes.delete(id);
      trash.set(id, { ...stored, timeDeleted: ++clock });
    }),
    fetchVersions: vi.fn(async () => []),
    fetchVersion: vi.fn(async (_token: string, id: string) => notes.get(id)!),
    restoreVersion: vi.fn(async (_token: string, id: string) => notes.get(id)!),
    // Links to `from` in the other notes (those in `only`, when named) name `to` instead.
    renameLinks: vi.fn(async (_token: string, id: string, request: RenameLinksRequest) => {
      const results: Note[] = [];
      for (const stored of [...notes.values()]) {
        if (stored.id === id || (request.only && !request.only.includes(stored.id))) continue;
        const renamed = renameLinkTargets(stored.body, request.from, request.to);
        if (renamed.count === 0) continue;
        const note = {
          ...stored,
          body: renamed.text,
          revision: stored.revision + 1,
          timeLastModified: ++clock,
        };
        notes.set(note.id, note);
        results.push(note);
      }
      return { count: results.length, results };
    }),
    fetchTrash: vi.fn(async () => [...trash.values()]),
    restoreFromTrash: vi.fn(async (_token: string, id: string) => {
      const trashed = trash.get(id);
      if (!trashed) throw missing(id);
      trash.delete(id);
      const { timeDeleted: _deleted, ...note } = trashed;
      notes.set(id, note);
      return note;
    }),
    purgeFromTrash: vi.fn(async (_token: string, id: string) => void trash.delete(id)),
    emptyTrash: vi.fn(async () => trash.clear()),
  } satisfies QuireApi;
  return { api, notes, trash };
}
