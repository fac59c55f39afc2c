import { vi } from 'vitest';
import * as Y from 'yjs';
import { fromBase64, toBase64 } from '../../shared/base64.js';
import { compareListOrder, type ListOrderKey } from '../../shared/list-order.js';
import type { Note } from '../../shared/note.js';
import type { SaveSync } from '../../shared/note-document.js';
import { NOTE_DOCUMENT_TEXT } from '../../shared/note-document.js';
import type { TrashedNote } from '../../shared/note-history.js';
import { renameLinkTargets } from '../../shared/rename-links.js';
import type { RenameLinksRequest } from '../../shared/rename-links-request.js';
import { NoteRequestError } from '../api/api-errors.js';
import type { QuireApi } from '../api/quire-api.js';

const listOrderKeyOf = (note: Note, changedAt: Map<string, number>): ListOrderKey => ({
  timeLastModified: note.timeLastModified,
  changeSeq: changedAt.get(note.id) ?? 0,
  id: note.id,
});

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
    const notes = this.inListOrder([...this.values()]);
    return { notes, etag: `"list-${this.seq}"`, cursor: `cursor-${this.seq}` };
  }

  /** As the server lists notes: by time, then the later change, then the larger id. */
  private inListOrder(notes: Note[]): Note[] {
    const { changedAt } = this;
    return notes
      .map((note) => ({ ...listOrderKeyOf(note, changedAt), note }))
      .sort(compareListOrder)
      .map(({ note }) => note);
  }

  since(cursor: string) {
    const after = Number(/^cursor-(\d+)$/.exec(cursor)?.[1] ?? Number.NaN);
    if (!(after <= this.seq)) throw new NoteRequestError(400, undefined, 'invalid_input');
    const newer = (changes: Map<string, number>) =>
      [...changes].filter(([, seq]) => seq > after).map(([id]) => id);
    const results = this.inListOrder(newer(this.changedAt).map((id) => this.get(id) as Note));
    return { results, deleted: newer(this.deletedAt), cursor: `cursor-${this.seq}` };
  }
}

/**
 * The fake server's documents: one per note, made from its text when first asked for, and the
 * state of each at every revision since (the real server keeps a log for that).
 */
class FakeDocuments extends Map<string, Y.Doc> {
  private readonly states = new Map<string, Map<number, Uint8Array>>();

  of(note: Note): Y.Doc {
    let doc = this.get(note.id);
    if (!doc) {
      doc = new Y.Doc();
      doc.getText(NOTE_DOCUMENT_TEXT).insert(0, note.body);
      this.set(note.id, doc);
      this.stored(note);
    }
    return doc;
  }

  /** The note's document as of its revision, kept for a later `at`. */
  stored(note: Note): void {
    const states = this.states.get(note.id) ?? new Map<number, Uint8Array>();
    states.set(note.revision, Y.encodeStateAsUpdate(this.of(note)));
    this.states.set(note.id, states);
  }

  at(id: string, revision: number): Uint8Array | undefined {
    return this.states.get(id)?.get(revision);
  }
}

const textOf = (doc: Y.Doc) => doc.getText(NOTE_DOCUMENT_TEXT).toString();

/**
 * A stand-in for the server in controller tests: notes with revisions and documents, a trash,
 * and saves that are stored as sent, or merged into the note's document when they carry its
 * updates (tests that need another answer say so with `mockImplementationOnce`).
 */
export function fakeQuireApi(initial: Note[]) {
  const notes = new ChangingNotes();
  const documents = new FakeDocuments();
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
    redeemSignInCode: vi.fn(async () => 'code-token'),
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
      async (
        _token: string,
        edit: { id: string; body: string; revision: number; sync?: SaveSync },
      ) => {
        const stored = notes.get(edit.id);
        if (!stored) throw missing(edit.id);
        const doc = documents.of(stored);
        const text = doc.getText(NOTE_DOCUMENT_TEXT);
        if (edit.sync) Y.applyUpdate(doc, fromBase64(edit.sync.update));
        else if (edit.body !== stored.body) {
          doc.transact(() => {
            text.delete(0, text.length);
            text.insert(0, edit.body);
          });
        }
        const body = textOf(doc);
        const note =
          body === stored.body
            ? stored
            : { ...stored, body, revision: stored.revision + 1, timeLastModified: ++clock };
        if (note !== stored) {
          notes.set(note.id, note);
          documents.stored(note);
        }
        const vector = edit.sync?.vector ? fromBase64(edit.sync.vector) : undefined;
        const lacked = edit.sync ? toBase64(Y.encodeStateAsUpdate(doc, vector)) : undefined;
        return {
          note,
          conflictRevision: null as number | null,
          missing: lacked as string | undefined,
        };
      },
    ),
    // The document as of now, and as of `at` when asked.
    fetchDocument: vi.fn(
      async (_token: string, id: string, asked: { at?: number; vector?: Uint8Array } = {}) => {
        const stored = notes.get(id);
        if (!stored) throw missing(id);
        const doc = documents.of(stored);
        const base = asked.at === undefined ? undefined : documents.at(id, asked.at);
        const update = Y.encodeStateAsUpdate(doc, asked.vector);
        return {
          revision: stored.revision,
          update: toBase64(update),
          base: base && toBase64(base),
        };
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
  /**
   * Another device's save of note `id`: `change` made to its document on the server. Returns
   * the live event such a save sends: the note, and the change's update (base64).
   */
  function editElsewhere(id: string, change: (text: Y.Text) => void) {
    const stored = notes.get(id);
    if (!stored) throw new Error(`no note ${id}`);
    const doc = documents.of(stored);
    const before = Y.encodeStateVector(doc);
    doc.transact(() => change(doc.getText(NOTE_DOCUMENT_TEXT)));
    const note = {
      ...stored,
      body: textOf(doc),
      revision: stored.revision + 1,
      timeLastModified: ++clock,
    };
    notes.set(id, note);
    documents.stored(note);
    return { note, update: toBase64(Y.encodeStateAsUpdate(doc, before)) };
  }
  return { api, notes, trash, documents, editElsewhere };
}
