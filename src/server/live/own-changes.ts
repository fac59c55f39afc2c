import type { NoteChange } from './live-bus.js';

/**
 * This instance's own changes, each held until its notification comes back on the instance's
 * listening connection. PostgreSQL delivers notifications in the order they were committed, so
 * a change handed on at its echo follows every change another instance committed before it:
 * a user's sockets see their changes in the order they were made, whichever instance made them.
 */
export class OwnChanges {
  private readonly held: { seq: number; change: NoteChange; unsent: boolean }[] = [];
  private nextSeq = 1;

  constructor(private readonly deliver: (change: NoteChange) => void) {}

  /** Holds a change whose notification is about to be sent; returns the number it carries. */
  hold(change: NoteChange): number {
    const seq = this.nextSeq++;
    this.held.push({ seq, change, unsent: false });
    return seq;
  }

  /** The notification numbered `seq` came back: it and every change before it are due. */
  echoed(seq: number): void {
    for (let head = this.held[0]; head && (head.seq <= seq || head.unsent); head = this.held[0]) {
      this.held.shift();
      this.deliver(head.change);
    }
  }

  /** Its notification could not be sent, so no echo comes: it is due in its turn. */
  unsent(seq: number): void {
    const entry = this.held.find((held) => held.seq === seq);
    if (entry) entry.unsent = true;
    this.echoed(0);
  }

  /** The listening connection broke and echoes may never come: everything held is due. */
  releaseAll(): void {
    this.echoed(Number.POSITIVE_INFINITY);
  }
}
