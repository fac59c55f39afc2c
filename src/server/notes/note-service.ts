import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Note } from '../../shared/note.js';
import type { VersionReason } from '../../shared/note-history.js';
import { mergeTexts } from '../../shared/text-merge.js';
import type { Db } from '../db/database.js';
import { conflict, DomainError, invalidInput, notFound } from '../domain-errors.js';
import type { LiveBus, NoteChange } from '../live/live-bus.js';
import type { ImportedNote } from '../transfer/import/imported-note.js';
import { storeImport } from '../transfer/store-import.js';
import { SNAPSHOT_INTERVAL_SECONDS } from './history-policy.js';
import {
  findStoredNote,
  insertNote,
  purgeTrashed,
  type StoredNote,
  writeRevision,
} from './note-repository.js';
import { RecentNotes } from './recent-notes.js';
import { findVersionBody, versionRow } from './version-repository.js';

/** Who asks: the user whose notes these are, and the session (device) asking. */
export interface Caller {
  userId: string;
  sessionId: string;
  /** The live client making the request, whose socket need not hear the change back. */
  clientId?: string;
}

/** A saved note, and the history version holding text the merge set aside, if any. */
export interface SaveResult {
  note: Note;
  conflictRevision?: number;
}

/** A body must survive storage exactly; a lone UTF-16 surrogate would not. */
function checkBody(body: string): string {
  if (!body.isWellFormed()) throw invalidInput('Note body is not well-formed Unicode text');
  return body;
}

/** A write made while holding its note cannot lose it to another; if it did, that is a bug. */
function written<T>(result: T | undefined): T {
  if (result === undefined) throw new Error('a held note changed under its write');
  return result;
}

const inTrash = () => new DomainError('in_trash', 'That note is in the trash');
const noSuchNote = () => notFound('No such note');

/**
 * Every change to a note goes through here: validate, then one transaction (the note's row, the
 * replaced text into history, the change sequence), then publish after the commit. Nothing a
 * user typed is destroyed by a write: the text a revision replaces is archived first.
 */
export class NoteService {
  private readonly recent = new RecentNotes();

  constructor(
    private readonly db: Db,
    private readonly bus: LiveBus,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number,
  ) {}

  async create(caller: Caller, body: string): Promise<Note> {
    return (await this.createOnce(caller, body)).note;
  }

  /**
   * Creates a note. With a client-made `id` the call is idempotent: when the caller already has
   * that note (in the list or the trash) it is answered as stored and nothing is written.
   */
  async createOnce(
    caller: Caller,
    body: string,
    clientId?: string,
  ): Promise<{ note: Note; created: boolean }> {
    checkBody(body);
    const id = clientId?.toLowerCase() ?? randomUUID();
    const row = { id, userId: caller.userId, body, now: this.clock(), by: caller.sessionId };
    const note = await insertNote(this.db, row);
    if (note) {
      await this.publishUpdate(caller, note);
      return { note, created: true };
    }
    // The id is stored already. This caller's note (an earlier try of this create) is answered
    // as stored; another account's id is never shared, so the client must make another.
    const stored = clientId ? await findStoredNote(this.db, caller.userId, id) : undefined;
    if (!stored) throw conflict('That note id is taken');
    return { note: stored.note, created: false };
  }

  /**
   * Saves a new body edited from revision `base`. When the stored note is newer, the two are
   * merged three ways; where both changed the same words the incoming text wins and the stored
   * text is kept as a conflict version, as it is when the base is unknown. Without a base the
   * body replaces the stored one.
   */
  async update(caller: Caller, id: string, body: string, base?: number): Promise<SaveResult> {
    checkBody(body);
    const now = this.clock();
    const save = async (db: Db, stored: StoredNote) => {
      const { note } = stored;
      let text = body;
      let conflict = false;
      // A base this server never gave out (e.g. after restoring an older backup) is unknown:
      // the save wins, and the stored text is kept as a conflict version, like a lost base.
      if (base !== undefined && base !== note.revision) {
        const baseText = base < note.revision ? await findVersionBody(db, note, base) : undefined;
        const merged = baseText ? mergeTexts(baseText.body, note.body, body) : undefined;
        text = merged?.text ?? body;
        conflict = merged ? merged.conflict : note.body !== body;
      }
      if (text === note.body) return { note, changed: false as const };
      // A blind overwrite of another device's text keeps that text in view, like a conflict.
      const blind = base === undefined && stored.writtenBy !== caller.sessionId;
      const saved = await this.writeNext(db, caller, stored, {
        next: { body: text, timeLastModified: now, timeDeleted: null },
        history: { reason: conflict ? 'conflict' : 'edit', keep: blind, now },
      });
      if (!saved) return undefined;
      const conflictRevision = conflict ? note.revision : undefined;
      return { note: saved.note, conflictRevision, changed: true as const, saved };
    };
    const fresh = async (db: Db, held: boolean) =>
      save(db, await this.storedInList(db, caller.userId, id, held));
    // A save writes the note's next revision only if its row is still the version it started
    // from: the one this instance wrote last, if it holds it in the list (anything but a write
    // from that is asked of the database again), else the one read now. No transaction is held
    // across the read and the write; only when another write came between does it run again,
    // in a transaction that holds the note.
    const recent = this.recent.get(caller.userId, id);
    const fromRecent = recent?.timeDeleted === null ? await save(this.db, recent) : undefined;
    const result =
      (fromRecent?.changed ? fromRecent : undefined) ??
      (await fresh(this.db, false)) ??
      (await this.db.transaction().execute(async (trx) => written(await fresh(trx, true))));
    if (result.changed) {
      this.recent.keep(caller.userId, result.saved); // committed: a version the row may still be
      await this.publishUpdate(caller, result.note);
    }
    return { note: result.note, conflictRevision: result.conflictRevision };
  }

  /** Moves a note to the trash, keeping its text as a snapshot; the list loses it. */
  async trash(caller: Caller, id: string): Promise<void> {
    const now = this.clock();
    this.recent.forget(id);
    await this.db.transaction().execute(async (trx) => {
      const stored = await this.storedInList(trx, caller.userId, id);
      const { note } = stored;
      written(
        await this.writeNext(trx, caller, stored, {
          next: { body: note.body, timeLastModified: note.timeLastModified, timeDeleted: now },
          history: { reason: 'delete', keep: true, now },
        }),
      );
    });
    await this.publish({
      userId: caller.userId,
      origin: caller.clientId,
      event: 'delete',
      noteId: id,
    });
  }

  /** Brings a note back from the trash to the top of the list. */
  async restoreFromTrash(caller: Caller, id: string): Promise<Note> {
    const now = this.clock();
    this.recent.forget(id);
    const note = await this.db.transaction().execute(async (trx) => {
      const stored = await findStoredNote(trx, caller.userId, id, { forWrite: true });
      if (!stored || stored.timeDeleted === null) throw notFound('No such note in the trash');
      // The text is unchanged; its (empty) step back keeps the chain of revisions whole.
      const next = { body: stored.note.body, timeLastModified: now, timeDeleted: null };
      return written(
        await this.writeNext(trx, caller, stored, {
          next,
          history: { reason: 'edit', keep: false, now },
        }),
      ).note;
    });
    await this.publishUpdate(caller, note);
    return note;
  }

  /** Makes a past version's text the note's newest revision; the text it replaces is kept. */
  async restoreVersion(caller: Caller, id: string, revision: number): Promise<Note> {
    const now = this.clock();
    this.recent.forget(id);
    const note = await this.db.transaction().execute(async (trx) => {
      const stored = await this.storedInList(trx, caller.userId, id);
      const version = await findVersionBody(trx, stored.note, revision);
      if (!version) throw notFound(`This note has no version ${revision}`);
      return written(
        await this.writeNext(trx, caller, stored, {
          next: { body: version.body, timeLastModified: now, timeDeleted: null },
          history: { reason: 'restore', keep: true, now },
        }),
      ).note;
    });
    await this.publishUpdate(caller, note);
    return note;
  }

  /**
   * Stores the notes of one import file in one transaction, with their own times; what this
   * user imported before is skipped. Nothing is stored if any of it fails.
   */
  async importNotes(
    caller: Caller,
    notes: ImportedNote[],
  ): Promise<{ imported: number; skipped: number }> {
    const user = { userId: caller.userId, sessionId: caller.sessionId, now: this.clock() };
    const stored = await this.db.transaction().execute((trx) => storeImport(trx, user, notes));
    for (const note of stored) await this.publish({ userId: caller.userId, event: 'update', note });
    return { imported: stored.length, skipped: notes.length - stored.length };
  }

  /** Deletes a note in the trash for good, with its history. */
  async purge(caller: Caller, id: string): Promise<void> {
    if ((await purgeTrashed(this.db, { userId: caller.userId, id })) === 0) {
      throw notFound('No such note in the trash');
    }
  }

  /** Empties the caller's trash; returns how many notes went. */
  async emptyTrash(caller: Caller): Promise<number> {
    return purgeTrashed(this.db, { userId: caller.userId });
  }

  /** The note as a write reads it; `held` locks its row until the transaction ends. */
  private async storedInList(db: Db, userId: string, id: string, held = true): Promise<StoredNote> {
    const stored = await findStoredNote(db, userId, id, { forWrite: held });
    if (!stored) throw noSuchNote();
    if (stored.timeDeleted !== null) throw inTrash();
    return stored;
  }

  /**
   * Stores the next revision of a note together with the text it replaces, into history.
   * Conflicts, restores, deletes and blind overwrites are kept whole (`keep`); plain edits
   * become a whole snapshot every few minutes, and between snapshots only the way back from the
   * new text is stored. Returns the note as now stored; undefined, storing nothing, when the
   * note is no longer as `stored` was.
   */
  private async writeNext(
    db: Db,
    caller: Caller,
    stored: StoredNote,
    change: {
      next: { body: string; timeLastModified: number; timeDeleted: number | null };
      history: { reason: VersionReason; keep: boolean; now: number };
    },
  ): Promise<StoredNote | undefined> {
    const { next, history } = change;
    const { note, timeSnapshot } = stored;
    const kept =
      history.keep ||
      history.reason !== 'edit' ||
      timeSnapshot === null ||
      history.now - timeSnapshot >= SNAPSHOT_INTERVAL_SECONDS;
    const replaced = versionRow({
      noteId: note.id,
      userId: caller.userId,
      revision: note.revision,
      body: note.body,
      replacedBy: next.body,
      timeLastModified: note.timeLastModified,
      timeArchived: history.now,
      reason: history.reason,
      kept,
    });
    const revision = {
      id: note.id,
      userId: caller.userId,
      ...next,
      revision: note.revision + 1,
      by: caller.sessionId,
      timeSnapshot: kept ? history.now : timeSnapshot,
    };
    return writeRevision(db, revision, replaced, stored.changeSeq);
  }

  private async publishUpdate(caller: Caller, note: Note): Promise<void> {
    await this.publish({ userId: caller.userId, origin: caller.clientId, event: 'update', note });
  }

  /**
   * Live fan-out happens after the commit (a transaction resolves once committed; a failed commit
   * fails the request instead), and a failed publish never undoes a stored write.
   */
  private async publish(change: NoteChange): Promise<void> {
    try {
      await this.bus.publish(change);
    } catch (error) {
      this.log.warn({ err: error }, 'a stored change could not be published; clients resync');
    }
  }
}
