import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as Y from 'yjs';
import type { Note } from '../../shared/note.js';
import type { VersionReason } from '../../shared/note-history.js';
import { atomically } from '../db/atomically.js';
import type { Db } from '../db/schema.js';
import { conflict, DomainError, invalidInput, notFound } from '../domain-errors.js';
import { applyLinkChange, insertLinkKeys } from '../links/link-index.js';
import { linkChange, linkKeysOf } from '../links/link-keys.js';
import type { LiveBus, NoteChange } from '../live/live-bus.js';
import { deleteSharesOfNote } from '../shares/share-repository.js';
import { insertCheckpoint, onlyWriterSince } from '../sync/document-log.js';
import {
  applyDeviceUpdate,
  documentText,
  mergeTextFromBase,
  missingFrom,
  replaceText,
} from '../sync/note-document.js';
import { type DocumentInHand, NoteDocuments } from '../sync/note-documents.js';
import { madeFromStored } from '../sync/resent-text.js';
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

/**
 * One save of a note: its new text and the revision it was edited from (none: a blind
 * overwrite), and, from a client that keeps the note's document, that document's updates.
 */
export interface NoteSave {
  body: string;
  base?: number;
  sync?: { update: Uint8Array; vector?: Uint8Array };
}

/** What a create or a save answers: the note as stored, and what the call did to it. */
export interface SaveResult {
  note: Note;
  /** Whether this call wrote the note; false when it stood as asked already. */
  wrote: boolean;
  /** The history version holding text the save set aside, if any. */
  conflictRevision?: number;
  /** For a save with `sync`: what the saving device's document lacks, to catch up with. */
  missing?: Uint8Array;
}

/**
 * A write done (or a save that found nothing to write): what it answers, its note's document
 * as of the revision it left, and the update to publish when it changed the note.
 */
interface Done<T> {
  result: T;
  inHand: DocumentInHand;
  revision: number;
  update?: Uint8Array;
}

/** Updates since a device's revision sent one by one, merged; past this many, by state vector. */
const MAX_UPDATES_SENT = 32;

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
 * Every change to a note goes through here and through the note's document (docs/sync.md):
 * validate, then one transaction (the note's row, the replaced text into history, the
 * document's update into its log, the change sequence), then publish after the commit.
 * Nothing a user typed is destroyed by a write: the text a revision replaces is archived first.
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
   * that note (in the list or the trash) it is answered as stored and nothing is written. Its
   * document is its text's seed until a write changes it.
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
      await this.publish({ userId: caller.userId, origin: caller.clientId, event: 'update', note });
      return { note, wrote: true };
    }
    // The id is stored already. This caller's note (an earlier try of this create) is answered
    // as stored; another account's id is never shared, so the client must make another.
    const stored = clientId ? await findStoredNote(this.db, caller.userId, id) : undefined;
    if (!stored) throw conflict('That note id is taken');
    return { note: stored.note, wrote: false };
  }

  /**
   * Saves a note. A save with `sync` carries a device's document updates, merged by character
   * identity; the note's text is then the merged document's. A save of text alone (a plain
   * client) is made into the document's update by a diff: from the stored revision (or without
   * one) against the stored text; from an older one against the text of that base, on a copy
   * of the document as it stood then, merged in, so what both sides typed is kept. A base the
   * log no longer reaches, or one this server never gave out (e.g. after restoring an older
   * backup), is unknown: the save wins, and the stored text is kept as a conflict version.
   */
  async update(caller: Caller, id: string, save: NoteSave): Promise<SaveResult> {
    checkBody(save.body);
    const now = this.clock();
    // The common save is written without holding its note, and again, held, only if another
    // write came between (the write stores nothing unless the row is still the one read).
    const done =
      (await this.saveOnce(this.db, caller, id, save, now, false)) ??
      (await this.db
        .transaction()
        .execute(async (trx) => written(await this.saveOnce(trx, caller, id, save, now, true))));
    return this.committed(caller, done);
  }

  /** One try of a save; undefined when another write changed the note since it was read. */
  private async saveOnce(
    db: Db,
    caller: Caller,
    id: string,
    save: NoteSave,
    now: number,
    held: boolean,
  ): Promise<Done<SaveResult> | undefined> {
    const stored = await this.storedInList(db, caller.userId, id, held);
    const { note } = stored;
    const inHand = await this.documents.take(db, note);
    const { doc } = inHand;
    const change = await this.changeOf(db, caller, stored, doc, save);
    const missing =
      save.sync && (await this.missingFor(db, note, doc, save.base, save.sync.vector));
    if (change.update.length === 0) {
      return { result: { note, wrote: false, missing }, inHand, revision: note.revision };
    }
    const unknownBase = change.unknownBase === true;
    const saved = await this.writeNext(db, caller, stored, inHand, {
      next: { body: documentText(doc), timeLastModified: now, timeDeleted: null },
      history: { reason: unknownBase ? 'conflict' : 'edit', keep: change.keep, now },
      update: change.update,
    });
    if (!saved) return undefined;
    const conflictRevision = unknownBase ? note.revision : undefined;
    return {
      result: { note: saved.note, wrote: true, conflictRevision, missing },
      inHand,
      revision: saved.note.revision,
      update: change.update,
    };
  }

  /**
   * After a write's commit: its note's document goes back into memory as of the revision it
   * left (a write that failed never gets here, and its document is read again), and a change
   * is published.
   */
  private async committed<T extends { note: Note }>(caller: Caller, done: Done<T>): Promise<T> {
    const { result, inHand, revision, update } = done;
    this.documents.keep(result.note.id, revision, inHand);
    if (update) await this.publishUpdate(caller, result.note, update);
    return result;
  }

  /**
   * The save's change to the document: a device's own updates, or the text made into an update.
   * `keep`: the text it replaces is listed in history whatever its age (a blind overwrite, or a
   * save from a base that is not known).
   */
  private async changeOf(
    db: Db,
    caller: Caller,
    stored: StoredNote,
    doc: Y.Doc,
    save: NoteSave,
  ): Promise<{ update: Uint8Array; keep: boolean; unknownBase?: boolean }> {
    const { note } = stored;
    if (save.sync) {
      return { update: applyDeviceUpdate(doc, save.sync.update, note.body), keep: false };
    }
    const { base, body } = save;
    // The stored text already: whatever the base, nobody's words are missing from it.
    if (body === note.body) return { update: new Uint8Array(), keep: false };
    if (base === undefined) return { update: replaceText(doc, body), keep: true };
    if (base === note.revision) return { update: replaceText(doc, body), keep: false };
    const baseDoc = base < note.revision ? await this.documents.at(db, note, base) : undefined;
    if (baseDoc) {
      // Every revision since the base its own, and its text made from the stored one: the
      // client sends again what it sent (its answer was lost), and more.
      const resent =
        (await onlyWriterSince(db, note.id, base, caller)) &&
        madeFromStored(documentText(baseDoc), note.body, body);
      const update = resent ? replaceText(doc, body) : mergeTextFromBase(doc, baseDoc, body);
      return { update, keep: false };
    }
    return { update: replaceText(doc, body), keep: true, unknownBase: true };
  }

  /**
   * What the saving device lacks of the document (without its own update): the log's updates
   * since its revision when there are a few, else what its state vector does not cover.
   */
  private async missingFor(
    db: Db,
    note: Note,
    doc: Y.Doc,
    base: number | undefined,
    vector: Uint8Array | undefined,
  ): Promise<Uint8Array> {
    if (base === note.revision) return new Uint8Array();
    if (base !== undefined && base < note.revision && note.revision - base <= MAX_UPDATES_SENT) {
      const updates = await this.documents.updatesSince(db, note.id, base, note.revision);
      // Revisions that left the text as it was (a delete and a restore) have no update.
      if (updates) return Y.mergeUpdates(updates.filter((update) => update.length > 0));
    }
    return missingFrom(doc, vector);
  }

  /** Moves a note to the trash, keeping its text as a snapshot; the list and its links lose it. */
  async trash(caller: Caller, id: string): Promise<void> {
    const now = this.clock();
    const done = await this.db.transaction().execute(async (trx) => {
      const stored = await this.storedInList(trx, caller.userId, id);
      const { note } = stored;
      const inHand = await this.documents.take(trx, note);
      const next = { body: note.body, timeLastModified: note.timeLastModified, timeDeleted: now };
      const history = { reason: 'delete' as const, keep: true, now };
      const saved = written(await this.writeNext(trx, caller, stored, inHand, { next, history }));
      // Its share links go with it, and a restore does not bring them back; the live delete
      // below closes their open pages.
      await deleteSharesOfNote(trx, caller.userId, id);
      return { result: saved, inHand, revision: saved.note.revision };
    });
    await this.committed(caller, done);
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
    const done = await this.db.transaction().execute(async (trx) => {
      const stored = await findStoredNote(trx, caller.userId, id, { forWrite: true });
      if (!stored || stored.timeDeleted === null) throw notFound('No such note in the trash');
      const inHand = await this.documents.take(trx, stored.note);
      // The text is unchanged; its (empty) step back keeps the chain of revisions whole.
      const { body, timeLastModified } = stored.note;
      const next = { body, timeLastModified, timeDeleted: null };
      const history = { reason: 'edit' as const, keep: false, now };
      const saved = written(await this.writeNext(trx, caller, stored, inHand, { next, history }));
      const update = new Uint8Array();
      return { result: saved, inHand, revision: saved.note.revision, update };
    });
    return (await this.committed(caller, done)).note;
  }

  /** Makes a past version's text the note's newest revision; the text it replaces is kept. */
  async restoreVersion(caller: Caller, id: string, revision: number): Promise<Note> {
    const now = this.clock();
    const done = await this.db.transaction().execute(async (trx) => {
      const stored = await this.storedInList(trx, caller.userId, id);
      const version = await findVersionBody(trx, stored.note, revision);
      if (!version) throw notFound(`This note has no version ${revision}`);
      const inHand = await this.documents.take(trx, stored.note);
      const update = replaceText(inHand.doc, version.body);
      const next = { body: version.body, timeLastModified: now, timeDeleted: null };
      const history = { reason: 'restore' as const, keep: true, now };
      const saved = written(
        await this.writeNext(trx, caller, stored, inHand, { next, history, update }),
      );
      return { result: saved, inHand, revision: saved.note.revision, update };
    });
    return (await this.committed(caller, done)).note;
  }

  /**
   * The note's document for a device (`GET /api/notes/{id}/document`): what takes a document
   * as of `since` (with state vector `vector`) up to the stored revision, or the whole state;
   * with `at`, also the whole state as of that revision, when the log still reaches it.
   */
  async document(
    caller: Caller,
    id: string,
    asked: { since?: number; at?: number; vector?: Uint8Array },
  ): Promise<{ revision: number; update: Uint8Array; base?: Uint8Array }> {
    const stored = await this.storedInList(this.db, caller.userId, id, false);
    const { note } = stored;
    const inHand = await this.documents.take(this.db, note);
    this.documents.keep(id, note.revision, inHand);
    const { doc } = inHand;
    const { at, since, vector } = asked;
    const base = at === undefined ? undefined : await this.documents.at(this.db, note, at);
    // Without the base asked for, the device gets the whole state, or what its vector lacks.
    const from = at === undefined ? since : base && at;
    const update =
      from !== undefined && from <= note.revision
        ? await this.missingFor(this.db, note, doc, from, vector)
        : missingFrom(doc, vector);
    return { revision: note.revision, update, base: base && Y.encodeStateAsUpdate(base) };
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

  /** Deletes a note in the trash for good, with its history and its document. */
  async purge(caller: Caller, id: string): Promise<void> {
    this.documents.forget(id);
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
   * Stores the next revision of a note together with the text it replaces, into history, and
   * the revision's document update into the note's log (a note written through its document
   * for the first time stores its seed first). The history policy says whether the replaced
   * text is listed and whether it is stored whole. Returns the note as now stored; undefined,
   * storing nothing, when the note is no longer as `stored` was.
   */
  private async writeNext(
    db: Db,
    caller: Caller,
    stored: StoredNote,
    inHand: DocumentInHand,
    change: {
      next: { body: string; timeLastModified: number; timeDeleted: number | null };
      history: { reason: VersionReason; keep: boolean; now: number };
      /** The revision's document update; none when the text stays as it is. */
      update?: Uint8Array;
    },
  ): Promise<StoredNote | undefined> {
    const { next, history } = change;
    const update = change.update ?? new Uint8Array();
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
    const logged = {
      noteId: note.id,
      revision: note.revision + 1,
      update,
      timeStored: history.now,
      sessionId: caller.sessionId,
      clientId: caller.clientId ?? null,
    };
    // The link index follows the listed text (docs/links.md); most saves leave it as it is,
    // and only a save that changes it (or stores a seed) needs a transaction around it.
    const links = linkChange(
      stored.timeDeleted === null ? note.body : undefined,
      next.timeDeleted === null ? next.body : undefined,
    );
    const { seed } = inHand;
    const write = async (db: Db): Promise<StoredNote | undefined> => {
      if (seed) await insertCheckpoint(db, note.id, seed);
      const saved = await writeRevision(db, revision, replaced, stored, logged);
      if (saved && links) {
        await applyLinkChange(db, { userId: caller.userId, noteId: note.id }, links);
      }
      return saved;
    };
    const saved = await (links || seed ? atomically(db, write) : write(db));
    // Stored with the write: the document builds on a checkpoint from now on.
    if (saved) inHand.seed = undefined;
    return saved;
  }

  private async publishUpdate(caller: Caller, note: Note, update: Uint8Array): Promise<void> {
    await this.publish({
      userId: caller.userId,
      origin: caller.clientId,
      event: 'update',
      note,
      update,
    });
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
