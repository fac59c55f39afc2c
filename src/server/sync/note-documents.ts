import * as Y from 'yjs';
import type { Db } from '../db/schema.js';
import { type Checkpoint, moveCheckpoint, readCheckpoint, readUpdates } from './document-log.js';
import { documentFrom, documentText, replaceText, seedDocument } from './note-document.js';
import { OpenDocuments } from './open-documents.js';

/** A note as a write finds it: its id, stored revision and body. */
export interface NoteAtRevision {
  id: string;
  revision: number;
  body: string;
}

/** A note's document as of its stored revision, in the hands of one write. */
export interface DocumentInHand {
  doc: Y.Doc;
  /**
   * The checkpoint the write must store first: the seed of a note never written through a
   * document before (its later updates build on the seed's characters).
   */
  seed?: Checkpoint;
}

/** Past this many revisions behind, a document in memory is read again rather than caught up. */
const MAX_CATCH_UP = 64;

/**
 * Every note's Yjs document as the note service writes through it: from memory (as of a stored
 * revision), caught up from the log, or read from checkpoint and log; a note never written
 * through one starts from its text's seed.
 */
export class NoteDocuments {
  private readonly open = new OpenDocuments();

  /**
   * The note's document as of its stored revision. It leaves memory until the write that took
   * it calls `keep`, so no two writes ever change one document.
   */
  async take(db: Db, note: NoteAtRevision): Promise<DocumentInHand> {
    const held = this.open.take(note.id);
    if (held && held.revision <= note.revision && note.revision - held.revision <= MAX_CATCH_UP) {
      const updates = await readUpdates(db, note.id, held.revision, note.revision);
      if (updates) {
        if (updates.length > 0) Y.transact(held.doc, () => applyAll(held.doc, updates));
        if (documentText(held.doc) === note.body) return { doc: held.doc };
      }
    }
    return this.read(db, note);
  }

  /** The note's document as it stood at `revision`, when the log reaches that far back. */
  async at(db: Db, note: NoteAtRevision, revision: number): Promise<Y.Doc | undefined> {
    const checkpoint = await readCheckpoint(db, note.id);
    if (!checkpoint) {
      return revision === note.revision ? seedDocument(note.body, revision) : undefined;
    }
    if (revision < checkpoint.revision) return undefined;
    const updates = await readUpdates(db, note.id, checkpoint.revision, revision);
    return updates && documentFrom([checkpoint.state, ...updates]);
  }

  /**
   * What a device holding the note's document as of `revision` lacks: the updates since, when
   * the log still holds them all; undefined otherwise.
   */
  async updatesSince(db: Db, noteId: string, revision: number, upTo: number) {
    return readUpdates(db, noteId, revision, upTo);
  }

  /**
   * Keeps a document in memory as of a revision its write committed; a seed no write has stored
   * yet is made again when next needed, so whoever takes it next stores it.
   */
  keep(noteId: string, revision: number, inHand: DocumentInHand): void {
    if (inHand.seed) return;
    this.open.keep(noteId, revision, inHand.doc, documentText(inHand.doc).length);
  }

  /** Drops what memory holds of a note (a write that did not commit changed its document). */
  forget(noteId: string): void {
    this.open.forget(noteId);
  }

  /**
   * Reads the document from checkpoint and log. Every write records its revision there, so it
   * matches the note; were it ever not (a log written before every write went through it), the
   * note's text is what the user sees: the document is brought to it, as a new checkpoint.
   */
  private async read(db: Db, note: NoteAtRevision): Promise<DocumentInHand> {
    const checkpoint = await readCheckpoint(db, note.id);
    if (!checkpoint) {
      const doc = seedDocument(note.body, note.revision);
      return { doc, seed: { revision: note.revision, state: Y.encodeStateAsUpdate(doc) } };
    }
    const updates =
      checkpoint.revision <= note.revision
        ? await readUpdates(db, note.id, checkpoint.revision, note.revision)
        : undefined;
    const doc = documentFrom([checkpoint.state, ...(updates ?? [])]);
    if (!updates || documentText(doc) !== note.body) {
      replaceText(doc, note.body);
      await moveCheckpoint(db, note.id, {
        revision: note.revision,
        state: Y.encodeStateAsUpdate(doc),
      });
    }
    return { doc };
  }
}

function applyAll(doc: Y.Doc, updates: readonly Uint8Array[]): void {
  for (const update of updates) if (update.length > 0) Y.applyUpdate(doc, update);
}
