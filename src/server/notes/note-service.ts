import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Note } from '../../shared/note.js';
import type { VersionReason } from '../../shared/note-history.js';
import type { TextEdit } from '../../shared/text-edits.js';
import { atomically } from '../db/atomically.js';
import type { Db } from '../db/schema.js';
import { conflict, DomainError, invalidInput, notFound } from '../domain-errors.js';
import { applyLinkChange, insertLinkKeys } from '../links/link-index.js';
import { linkChange, linkKeysOf } from '../links/link-keys.js';
import type { LiveBus, NoteChange } from '../live/live-bus.js';
import { applyTextFromBase, documentText, replaceText } from '../sync/note-document.js';
import { type DocumentInHand, NoteDocuments } from '../sync/note-documents.js';
import type { ImportedNote } from '../transfer/import/imported-note.js';
import { storeImport } from '../transfer/store-import.js';
import { historyEntry } from './history-policy.js';
import {
  findStoredNote,
  insertNote,
  purgeTrashed,
  type StoredNote,
  writeRevision,
} from './note-repository.js';
import { findVersionBody, versionRow } from './version-repository.js';

/** Who asks: the user whose notes these are, and the session (device) asking. */
export interface Caller {
  userId: string;
  sessionId: string;
  /** The live client making the request, whose socket need not hear the change back. */
  clientId?: string;
}

/** What a create or a save answers: the note as stored, and what the call did to it. */
export interface SaveResult {
  note: Note;
  /** Whether this call wrote the note; false when it stood as asked already. */
  wrote: boolean;
  /** The history version holding text the save set aside, if any. */
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
  private readonly documents = new NoteDocuments();

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
  async createOnce(caller: Caller, body: string, clientId?: string): Promise<SaveResult> {
    checkBody(body);
    const id = clientId?.toLowerCase() ?? randomUUID();
    const row = { id, userId: caller.userId, body, now: this.clock(), by: caller.sessionId };
    // A note with a name or a link enters the link index in the same transaction.
    const keys = linkKeysOf(body);
    const note =
      keys.names.length + keys.targets.length === 0
        ? await insertNote(this.db, row)
        : await atomically(this.db, async (trx) => {
            const inserted = await insertNote(trx, row);
            if (inserted) await insertLinkKeys(trx, [{ userId: caller.userId, noteId: id, keys }]);
            return inserted;
          });
    if (note) {
      await this.publishUpdate(caller, note);
      return { note, wrote: true };
    }
    // The id is stored already. This caller's note (an earlier try of this create) is answered
    // as stored; another account's id is never shared, so the client must make another.
    const stored = clientId ? await findStoredNote(this.db, caller.userId, id) : undefined;
    if (!stored) throw conflict('That note id is taken');
    return { note: stored.note, wrote: false };
  }

  /**
   * Saves a new body edited from revision `base`. A save from the stored revision of a note no
   * device has merged into is written as it is. Otherwise the note's document (docs/sync.md)
   * takes the change: from an older revision by character identity, so what both sides typed
   * is kept. A base history no longer reaches, or one this server never gave out (e.g. after
   * restoring an older backup), is unknown: the save wins, and the stored text is kept as a
   * conflict version. Without a base the body replaces the stored one. `edits`, when they make
   * `body` from the base's text, say where the device made each change, so the merge need not
   * guess it from the two texts.
   */
  async update(
    caller: Caller,
    id: string,
    body: string,
    base?: number,
    edits?: readonly TextEdit[],
  ): Promise<SaveResult> {
    checkBody(body);
    const now = this.clock();
    // The common save is written without holding its note, and again, held, only if another
    // write came between (the write stores nothing unless the row is still the one read).
    const stored = await this.storedInList(this.db, caller.userId, id, false);
    // Edits made in more than one place (typing offline, say) start the note's document, so a
    // save from an older revision merges with each of them where it was made.
    const scattered = edits !== undefined && edits.length > 1;
    const plain =
      !stored.synced && !scattered && (base === undefined || base === stored.note.revision)
        ? await this.writeText(this.db, caller, stored, { body, base, now })
        : undefined;
    if (plain) return this.saved(caller, plain);
    let inHand: DocumentInHand | undefined;
    try {
      const result = await this.db.transaction().execute(async (trx) => {
        const held = await this.storedInList(trx, caller.userId, id);
        const { note, synced } = held;
        const stale = base !== undefined && base < note.revision;
        // The base as a document: from the note's log, or else (the log starts later, or the
        // note has none) from history's text of it, on which the note's document starts again.
        let baseDoc = stale && synced ? await this.documents.at(trx, id, base) : undefined;
        const baseText = stale && !baseDoc ? await findVersionBody(trx, note, base) : undefined;
        const fromStored = !synced && !stale && scattered && base !== undefined;
        if (!synced && !baseText && !fromStored) {
          return written(await this.writeText(trx, caller, held, { body, base, now }));
        }
        if (baseText && base !== undefined) {
          const from = { revision: base, body: baseText.body, writtenBy: held.writtenBy };
          inHand = await this.documents.startAt(trx, note, from, now);
          baseDoc = await this.documents.at(trx, id, base);
        } else if (fromStored) {
          const from = { revision: note.revision, body: note.body, writtenBy: held.writtenBy };
          inHand = await this.documents.startAt(trx, note, from, now);
        } else {
          inHand = await this.documents.current(trx, note);
        }
        const { doc } = inHand;
        const resent =
          baseDoc !== undefined &&
          base !== undefined &&
          (await this.documents.onlyWriterSince(trx, id, base, caller));
        const update = baseDoc
          ? applyTextFromBase(doc, baseDoc, body, { resent, edits })
          : replaceText(doc, body, edits);
        return written(
          await this.writeText(trx, caller, held, {
            body: documentText(doc),
            base: baseDoc ? note.revision : base,
            now,
            update,
          }),
        );
      });
      if (result.wrote) inHand?.release(result.note.revision);
      return await this.saved(caller, result);
    } catch (error) {
      this.documents.forget(id);
      throw error;
    }
  }

  /**
   * Writes `body` as the note's next revision unless it is the stored text already. A base other
   * than the stored revision is unknown here (a merge has already brought the text up to date):
   * the stored text is kept as a conflict version. Undefined when the note is no longer as
   * `stored` was.
   */
  private async writeText(
    db: Db,
    caller: Caller,
    stored: StoredNote,
    save: { body: string; base: number | undefined; now: number; update?: Uint8Array },
  ): Promise<SaveResult | undefined> {
    const { note } = stored;
    const { body, base, now, update } = save;
    if (body === note.body) return { note, wrote: false };
    const unknownBase = base !== undefined && base !== note.revision;
    // A blind overwrite of another device's text keeps that text in view, like a conflict.
    const blind = base === undefined && stored.writtenBy !== caller.sessionId;
    const saved = await this.writeNext(db, caller, stored, {
      next: { body, timeLastModified: now, timeDeleted: null },
      history: { reason: unknownBase ? 'conflict' : 'edit', keep: blind, now },
      update,
    });
    if (!saved) return undefined;
    const conflictRevision = unknownBase ? note.revision : undefined;
    return { note: saved.note, wrote: true, conflictRevision };
  }

  /** Announces a changed note once it is stored, and answers the save. */
  private async saved(caller: Caller, result: SaveResult): Promise<SaveResult> {
    if (result.wrote) await this.publishUpdate(caller, result.note);
    return result;
  }

  /** Moves a note to the trash, keeping its text as a snapshot; the list loses it. */
  async trash(caller: Caller, id: string): Promise<void> {
    const now = this.clock();
    this.documents.forget(id);
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

  /**
   * Brings a note back from the trash to where it stood in the list: its text and its modified
   * time are as they were before the delete.
   */
  async restoreFromTrash(caller: Caller, id: string): Promise<Note> {
    const now = this.clock();
    this.documents.forget(id);
    const note = await this.db.transaction().execute(async (trx) => {
      const stored = await this.hold(trx, caller.userId, id);
      if (!stored || stored.timeDeleted === null) throw notFound('No such note in the trash');
      // The text is unchanged; its (empty) step back keeps the chain of revisions whole.
      const { body, timeLastModified } = stored.note;
      const next = { body, timeLastModified, timeDeleted: null };
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
    this.documents.forget(id);
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
    const stored = held ? await this.hold(db, userId, id) : await findStoredNote(db, userId, id);
    if (!stored) throw noSuchNote();
    if (stored.timeDeleted !== null) throw inTrash();
    return stored;
  }

  /**
   * The note, held until the transaction ends. Whether it has a sync document is asked again
   * once held: the read that took the hold may predate the write it waited for (PostgreSQL reads
   * the rest of that statement as of its start).
   */
  private async hold(db: Db, userId: string, id: string): Promise<StoredNote | undefined> {
    const stored = await findStoredNote(db, userId, id, { forWrite: true });
    return stored && { ...stored, synced: await this.documents.exists(db, id) };
  }

  /**
   * Stores the next revision of a note together with the text it replaces, into history, and
   * the revision's update into the note's sync log when the note has one. The history policy
   * says whether the replaced text is listed and whether it is stored whole. Returns the note as
   * now stored; undefined, storing nothing, when the note is no longer as `stored` was.
   */
  private async writeNext(
    db: Db,
    caller: Caller,
    stored: StoredNote,
    change: {
      next: { body: string; timeLastModified: number; timeDeleted: number | null };
      history: { reason: VersionReason; keep: boolean; now: number };
      /** The revision's update, when a save made it. */
      update?: Uint8Array;
    },
  ): Promise<StoredNote | undefined> {
    const { next, history, update } = change;
    const { note, timeSnapshot, timeListed } = stored;
    const entry = historyEntry(
      { body: note.body, timeLastModified: note.timeLastModified, timeSnapshot, timeListed },
      { body: next.body, ...history },
    );
    const replaced = versionRow({
      noteId: note.id,
      userId: caller.userId,
      revision: note.revision,
      body: note.body,
      replacedBy: next.body,
      timeLastModified: note.timeLastModified,
      timeArchived: history.now,
      reason: history.reason,
      kept: entry.listed,
      whole: entry.whole,
    });
    const revision = {
      id: note.id,
      userId: caller.userId,
      ...next,
      revision: note.revision + 1,
      by: caller.sessionId,
      timeSnapshot: entry.whole ? history.now : timeSnapshot,
      timeListed: entry.listed ? history.now : timeListed,
    };
    // The link index follows the listed text (docs/links.md); most saves leave it as it is,
    // and only a save that changes it needs a transaction around its one statement.
    const links = linkChange(
      stored.timeDeleted === null ? note.body : undefined,
      next.timeDeleted === null ? next.body : undefined,
    );
    const write = async (db: Db) => {
      const saved = await writeRevision(db, revision, replaced, stored);
      if (!saved) return undefined;
      if (links) await applyLinkChange(db, { userId: caller.userId, noteId: note.id }, links);
      const nextRevision = { revision: saved.note.revision, body: next.body };
      if (update) {
        await this.documents.record(
          db,
          note.id,
          nextRevision.revision,
          update,
          history.now,
          caller,
        );
      } else if (stored.synced) {
        await this.documents.follow(db, note, nextRevision, history.now);
      }
      return saved;
    };
    return links ? atomically(db, write) : write(db);
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
