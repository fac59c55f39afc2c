import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { fromBase64, toBase64 } from '../../shared/base64.js';
import type { LocalDocument } from './local-document.js';

/** What a window tells the others of itself in a note it has open. */
export interface PeerState {
  /** Its device, as people recognise it, and the colour (one of PEER_COLOURS) it is drawn in. */
  user?: { name: string; colour: number };
  /** Where its cursor and selection are: Yjs relative positions, as JSON. */
  cursor?: { anchor: unknown; head: unknown } | null;
  /** When it last typed or moved, in milliseconds since the epoch. */
  active?: number;
}

/** How many colours peers are drawn in (classes of the editor's theme). */
export const PEER_COLOURS = 8;

/** The most often a window tells the others where it is. */
const SEND_EVERY_MS = 100;

/**
 * Where this window is in a note, for the same account's other windows and devices, and where
 * they are (docs/sync.md): a Yjs awareness on the note's document, its updates passed over the
 * live socket. Nothing of it is stored.
 */
export class NotePresence {
  readonly awareness: Awareness;
  private timer: ReturnType<typeof setTimeout> | undefined;

  private readonly user: PeerState['user'];

  constructor(
    readonly doc: LocalDocument,
    private readonly send: (state: string) => void,
    name: string,
  ) {
    this.awareness = new Awareness(doc.doc);
    this.user = { name, colour: doc.doc.clientID % PEER_COLOURS };
    this.awareness.on('update', (_changes: unknown, origin: unknown) => {
      if (origin === 'local') this.sendSoon();
    });
    this.show();
  }

  /** The note shows here: the others see this window in it. */
  show(): void {
    // A new awareness starts with an empty state of its own: it is shown once it has the user.
    if ((this.awareness.getLocalState() as PeerState | null)?.user) return;
    this.awareness.setLocalState({ user: this.user, active: Date.now() } satisfies PeerState);
  }

  /**
   * The note no longer shows here: the others stop seeing this window in it at once. (The same
   * awareness goes on, so its clock keeps counting when the note shows again.)
   */
  hide(): void {
    if (!this.awareness.getLocalState()) return;
    this.awareness.setLocalState(null);
    this.sendNow();
  }

  /** Where this window's cursor is now (null: it shows none). */
  moved(cursor: PeerState['cursor']): void {
    const state = this.awareness.getLocalState() as PeerState | null;
    if (!state) return;
    this.awareness.setLocalState({ ...state, cursor, active: Date.now() });
  }

  /** Another window's presence in this note. */
  receive(state: string): void {
    try {
      applyAwarenessUpdate(this.awareness, fromBase64(state), 'remote');
    } catch (error) {
      console.error(error);
    }
  }

  /** Tells the others again where this window is (the connection came back). */
  announce(): void {
    this.sendNow();
  }

  /** The document leaves this page. */
  destroy(): void {
    this.hide();
    clearTimeout(this.timer);
    this.awareness.destroy();
  }

  private sendSoon(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => this.sendNow(), SEND_EVERY_MS);
  }

  private sendNow(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const clients = [this.awareness.clientID];
    this.send(toBase64(encodeAwarenessUpdate(this.awareness, clients)));
  }
}
