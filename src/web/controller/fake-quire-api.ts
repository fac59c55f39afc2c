import { vi } from 'vitest';
import type { Note } from '../../shared/note.js';
import type { TrashedNote } from '../../shared/note-history.js';
import { NoteRequestError } from '../api/api-errors.js';
import type { QuireApi } from '../api/quire-api.js';

/**
 * A stand-in for the server in controller tests: notes with revisions, a trash, and saves that
 * are stored as sent (tests that need a merged answer say so with `mockImplementationOnce`).
 */
export function fakeQuireApi(initial: Note[]) {
  const notes = new Map(initial.map((note) => [note.id, note]));
  const trash = new Map<string, TrashedNote>();
  let created = 0;
  let clock = 100;
  const missing = (id: string) =>
    new NoteRequestError(404, undefined, trash.has(id) ? 'in_trash' : 'not_found');
  const api = {
    checkToken: vi.fn(async () => ({ valid: true as const, email: 'Me@Example.org' })),
    logIn: vi.fn(async () => 'new-token'),
    signUp: vi.fn(async () => 'signup-token'),
    logOut: vi.fn(async () => {}),
    fetchSignupOpen: vi.fn(async () => false),
    fetchNotes: vi.fn(async () => [...notes.values()]),
    createNote: vi.fn(async () => {
      const note = {
        id: `n${++created}`,
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
