import type * as Y from 'yjs';

interface OpenDocument {
  doc: Y.Doc;
  revision: number;
  /** The text's length, what the document's memory grows with. */
  size: number;
}

/**
 * Documents of notes being edited, kept in memory so a save costs what its edit costs, not what
 * reading the note's log costs. A save takes its note's document out and puts it back once its
 * write has committed, so no two saves ever share one; whatever is not here is read again.
 * Bounded by a number of documents and a total of text, least recently used first out.
 */
export class OpenDocuments {
  private readonly open = new Map<string, OpenDocument>();
  private size = 0;

  constructor(
    private readonly maxDocuments = 1_000,
    private readonly maxTextLength = 64 * 1024 * 1024,
  ) {}

  /** The note's document, if it is here, with its revision; it is no longer here after this. */
  take(noteId: string): { doc: Y.Doc; revision: number } | undefined {
    const entry = this.open.get(noteId);
    if (!entry) return undefined;
    this.remove(noteId, entry);
    return entry;
  }

  /** Keeps a note's document as of a committed revision (a newer one kept meanwhile stays). */
  keep(noteId: string, revision: number, doc: Y.Doc, textLength: number): void {
    const entry = this.open.get(noteId);
    if (entry) {
      if (entry.revision >= revision) return;
      this.remove(noteId, entry);
    }
    if (textLength > this.maxTextLength) return;
    this.open.set(noteId, { doc, revision, size: textLength });
    this.size += textLength;
    for (const [id, oldest] of this.open) {
      if (this.open.size <= this.maxDocuments && this.size <= this.maxTextLength) break;
      this.remove(id, oldest);
    }
  }

  forget(noteId: string): void {
    const entry = this.open.get(noteId);
    if (entry) this.remove(noteId, entry);
  }

  private remove(noteId: string, entry: OpenDocument) {
    this.open.delete(noteId);
    this.size -= entry.size;
  }
}
