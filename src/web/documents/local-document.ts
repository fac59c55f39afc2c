import * as Y from 'yjs';
import type { NoteId } from '../../shared/note.js';
import { NOTE_DOCUMENT_TEXT } from '../../shared/note-document.js';
import type { TextEdit } from '../../shared/text-edits.js';

/** Marks updates that came from the server, as opposed to typed here. */
export const FROM_SERVER = Symbol('from the server');

/** Past this many unsent updates, what to send is read off the document, not merged. */
const MAX_MERGED = 64;

/** An update typed here, and its key on the device once it is stored there. */
interface Typed {
  update: Uint8Array;
  key: Promise<number | undefined>;
}

/**
 * A note's Yjs document on this device (docs/sync.md): the editor is bound to its text, and
 * every update typed here waits in `typed` until the server acknowledges it. `revision` is the
 * server revision all of whose updates the document holds.
 */
export class LocalDocument {
  readonly doc: Y.Doc;
  readonly text: Y.Text;
  revision: number;
  private typed: Typed[] = [];
  /** The state vector when nothing typed here was unsent: the server holds all it covers. */
  private sentVector: Uint8Array;
  /** What came from the server while the editor still showed the text it was typed in. */
  private heldBack: { update: Uint8Array; revision: number } | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly noteId: NoteId,
    options: {
      state?: Uint8Array | null;
      revision: number;
      /** Updates typed here that the server has, which the state does not hold yet. */
      acknowledged?: readonly Uint8Array[];
      /** Updates typed before this page, still unacknowledged, and their keys on the device. */
      pending?: readonly { update: Uint8Array; key: number }[];
      /** Keeps an update typed here on the device; resolves with its key. */
      keep(update: Uint8Array): Promise<number | undefined>;
    },
  ) {
    this.doc = new Y.Doc();
    this.text = this.doc.getText(NOTE_DOCUMENT_TEXT);
    this.revision = options.revision;
    Y.transact(
      this.doc,
      () => {
        if (options.state) Y.applyUpdate(this.doc, options.state);
        for (const update of options.acknowledged ?? []) Y.applyUpdate(this.doc, update);
      },
      FROM_SERVER,
    );
    this.sentVector = this.vector();
    Y.transact(
      this.doc,
      () => {
        for (const { update } of options.pending ?? []) Y.applyUpdate(this.doc, update);
      },
      FROM_SERVER,
    );
    this.typed = (options.pending ?? []).map(({ update, key }) => ({
      update,
      key: Promise.resolve(key),
    }));
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === FROM_SERVER) return;
      this.typed.push({ update, key: options.keep(update).catch(() => undefined) });
      for (const listener of this.listeners) listener();
    });
  }

  get body(): string {
    return this.text.toString();
  }

  /** Whether something typed here has not reached the server yet. */
  get hasUnsent(): boolean {
    return this.typed.length > 0;
  }

  /** Called after each update typed here. */
  onTyped(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * What to send: every update typed here and not acknowledged, as one, and how many. A few are
   * merged; many (hours offline) are read off the document since it was last all sent, which
   * costs the same however many keys there were.
   */
  unsent(): { update: Uint8Array; count: number } {
    const updates = this.typed.map((typed) => typed.update);
    const update =
      updates.length <= MAX_MERGED
        ? Y.mergeUpdates(updates)
        : Y.encodeStateAsUpdate(this.doc, this.sentVector);
    return { update, count: updates.length };
  }

  /** The server has the first `count` updates typed here; their keys on the device, to drop. */
  async acknowledge(count: number): Promise<number[]> {
    const done = this.typed.splice(0, count);
    if (this.typed.length === 0) this.sentVector = this.vector();
    const keys = await Promise.all(done.map((typed) => typed.key));
    return keys.filter((key): key is number => key !== undefined);
  }

  /** Takes in an update from the server (another device's, or a catch-up). */
  applyFromServer(update: Uint8Array): void {
    Y.applyUpdate(this.doc, update, FROM_SERVER);
  }

  /**
   * Makes changes typed as plain text, each step the edits of one change in the text before
   * it, as one change typed here: their positions are exact in the text they were typed in,
   * which must be this document's.
   */
  typeSteps(steps: readonly (readonly TextEdit[])[]): void {
    if (steps.length === 0) return;
    this.doc.transact(() => {
      for (const step of steps) {
        for (const edit of [...step].reverse()) {
          if (edit.remove > 0) this.text.delete(edit.at, edit.remove);
          if (edit.insert !== '') this.text.insert(edit.at, edit.insert);
        }
      }
    });
  }

  /**
   * Keeps an update from the server out until `release`: the editor still shows the text the
   * steps were typed in, and may report more of them in it.
   */
  holdBack(update: Uint8Array, revision: number): void {
    this.heldBack = { update, revision };
  }

  /** Takes in what was held back (the editor is bound to the document now). */
  release(): void {
    const held = this.heldBack;
    if (!held) return;
    this.heldBack = null;
    this.applyFromServer(held.update);
    this.revision = Math.max(this.revision, held.revision);
  }

  /** Whether an update from the server waits for `release`. */
  get holdsBack(): boolean {
    return this.heldBack !== null;
  }

  /** The document's state vector: what it holds, by writer. */
  vector(): Uint8Array {
    return Y.encodeStateVector(this.doc);
  }

  /** The whole state, as kept on the device. */
  state(): Uint8Array {
    return Y.encodeStateAsUpdate(this.doc);
  }

  destroy(): void {
    this.listeners.clear();
    this.doc.destroy();
  }
}
