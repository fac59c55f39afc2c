import type * as Y from 'yjs';
import type { Db } from '../db/schema.js';
import {
  appendUpdate,
  dropDocument,
  hasDocument,
  moveCheckpoint,
  onlyWriterSince,
  readDocument,
  type Writer,
  writeCheckpoint,
} from './document-log.js';
import { documentFrom, documentText, replaceText, seedUpdate } from './note-document.js';
import { OpenDocuments } from './open-documents.js';

/** A note as a write finds it: its id, stored revision and body. */
export interface NoteAtRevision {
  id: string;
  revision: number;
  body: string;
}

/** Where a note's document starts: an older text, and who wrote the stored one. */
export interface DocumentStart {
  revision: number;
  body: string;
  /** The session that stored the note's revision (its live client is not known). */
  writtenBy: string | null;
}

/** A document a write has in hand, and how it must be recorded with the write. */
export interface DocumentInHand {
  doc: Y.Doc;
  /** Put back in memory once the write has committed. */
  release(revision: number): void;
}

/**
 * Every note's Yjs document, as the note service writes through it: read from memory or the
 * log, made from the note's text the first time, and recorded with each revision.
 */
export class NoteDocuments {
  private readonly open = new OpenDocuments();

  /**
   * The note's document as of its stored revision, from memory or its log; a note that has a
   * document (`synced`) only. Were its log ever behind the note, it is brought up to the text.
   */
  async current(db: Db, note: NoteAtRevision): Promise<DocumentInHand> {
    const doc = this.open.take(note.id, note.revision) ?? (await this.read(db, note));
    if (!doc) throw new Error('a synced note has no document');
    return this.inHand(note.id, doc);
  }

  /**
   * Starts the note's document again, in the write's transaction, from an older text (a base a
   * save names, so the save can be merged by character), brought up to the stored text by one
   * update standing for the revisions since, recorded as its last writer's; or from the stored
   * text itself. What the note had
   * before goes: no device holds its characters' identities yet.
   */
  async startAt(
    db: Db,
    note: NoteAtRevision,
    from: DocumentStart,
    now: number,
  ): Promise<DocumentInHand> {
    this.open.forget(note.id);
    await dropDocument(db, note.id);
    const doc = documentFrom([seedUpdate(from.body)]);
    await writeCheckpoint(db, note.id, from.revision, doc);
    if (from.revision < note.revision) {
      const writer = from.writtenBy === null ? undefined : { sessionId: from.writtenBy };
      await appendUpdate(db, note.id, note.revision, replaceText(doc, note.body), now, writer);
    }
    return this.inHand(note.id, doc);
  }

  /** Whether the note has a document. */
  exists(db: Db, noteId: string): Promise<boolean> {
    return hasDocument(db, noteId);
  }

  /** The note's document as it stood at `revision`, when its log reaches that far. */
  async at(db: Db, noteId: string, revision: number): Promise<Y.Doc | undefined> {
    return (await readDocument(db, noteId, revision))?.doc;
  }

  /** Records a revision's update in the log, with the save's writer. */
  record(db: Db, noteId: string, revision: number, update: Uint8Array, now: number, by: Writer) {
    return appendUpdate(db, noteId, revision, update, now, by);
  }

  /** Whether every revision after `base` was saved by `writer` alone. */
  onlyWriterSince(db: Db, noteId: string, base: number, writer: Writer) {
    return onlyWriterSince(db, noteId, base, writer);
  }

  /**
   * Records a write that is not a save (a restore, a move to or from the trash) in the note's
   * log, when the note has a document: its text becomes `next.body` as of `next.revision`.
   */
  async follow(
    db: Db,
    note: NoteAtRevision,
    next: { revision: number; body: string },
    now: number,
  ): Promise<void> {
    const doc = this.open.take(note.id, note.revision) ?? (await this.read(db, note));
    if (doc) await appendUpdate(db, note.id, next.revision, replaceText(doc, next.body), now);
  }

  /** Drops what memory holds of a note, after a write that did not commit. */
  forget(noteId: string): void {
    this.open.forget(noteId);
  }

  /**
   * The newest document in the log. Every write records its revision there, so it matches the
   * note; were it ever not, the note's text is what the user sees: it is brought into the
   * document, which becomes the note's new checkpoint.
   */
  private async read(db: Db, note: NoteAtRevision): Promise<Y.Doc | undefined> {
    const found = await readDocument(db, note.id);
    if (!found) return undefined;
    if (found.revision !== note.revision || documentText(found.doc) !== note.body) {
      replaceText(found.doc, note.body);
      await moveCheckpoint(db, note.id, note.revision, found.doc);
    }
    return found.doc;
  }

  private inHand(noteId: string, doc: Y.Doc): DocumentInHand {
    return {
      doc,
      release: (revision) => this.open.keep(noteId, revision, doc, documentText(doc).length),
    };
  }
}
