import type { NoteId } from '../../shared/note.js';
import { SingleFlight } from '../../shared/single-flight.js';
import type { OfflineStore, QueuedChange } from './offline-store.js';

/** What sends a queued change; it throws when the server cannot be reached. */
export interface QueueSender {
  create(noteId: NoteId): Promise<void>;
  delete(noteId: NoteId): Promise<void>;
}

/**
 * Creates and deletes made without a connection, kept on the device until the server has them.
 * A note created and deleted before either was sent is forgotten, unless it holds words: then
 * it goes to the server and on to its trash (`trash`).
 */
export class OfflineQueue {
  private account: string | null = null;
  private readonly changes = new Map<NoteId, QueuedChange['kind']>();
  private readonly listeners = new Set<() => void>();
  private readonly sending = new SingleFlight<void>();
  private ids: readonly NoteId[] = [];
  /** The change on its way to the server now, if any. */
  private inFlight: { noteId: NoteId; sent: Promise<void> } | null = null;

  constructor(private readonly offline: OfflineStore) {}

  async open(account: string): Promise<void> {
    this.account = account;
    this.changes.clear();
    const stored = await this.offline.loadQueue(account).catch(() => []);
    if (this.account !== account) return;
    for (const change of stored) this.changes.set(change.noteId, change.kind);
    this.changed();
  }

  close(): void {
    this.account = null;
    this.changes.clear();
    this.changed();
  }

  get size(): number {
    return this.changes.size;
  }

  /** The notes with a change waiting; the same array until the queue changes. */
  noteIds = (): readonly NoteId[] => this.ids;

  /** Notes made here that the server does not have yet, and that are not deleted. */
  pendingCreates(): NoteId[] {
    return [...this.changes].filter(([, kind]) => kind === 'create').map(([id]) => id);
  }

  /** Whether the note's create has yet to reach the server (deleted here since, or not). */
  isPendingCreate(noteId: NoteId): boolean {
    const kind = this.changes.get(noteId);
    return kind === 'create' || kind === 'trash';
  }

  isPendingDelete(noteId: NoteId): boolean {
    const kind = this.changes.get(noteId);
    return kind === 'delete' || kind === 'trash';
  }

  async add(change: QueuedChange): Promise<void> {
    const { account } = this;
    if (account === null) return;
    if (change.kind === 'delete' && this.changes.get(change.noteId) === 'create') {
      this.changes.delete(change.noteId);
      this.changed();
      await this.offline.removeQueued(account, change.noteId);
      return;
    }
    this.changes.set(change.noteId, change.kind);
    this.changed();
    await this.offline.putQueued(account, change);
  }

  /**
   * Takes back a delete that has not reached the server (an "Undo"): true when it is withdrawn,
   * false when the server has it, or there was none.
   */
  async withdrawDelete(noteId: NoteId): Promise<boolean> {
    const sending = this.inFlight?.noteId === noteId ? this.inFlight.sent : undefined;
    const reached = sending?.then(
      () => true,
      () => false,
    );
    if (reached && (await reached)) return false;
    const { account } = this;
    if (account === null || !this.isPendingDelete(noteId)) return false;
    this.changes.delete(noteId);
    this.changed();
    await this.offline.removeQueued(account, noteId);
    return true;
  }

  /** Sends one note's pending create, if any: a save of that note must not go first. */
  async sendCreate(noteId: NoteId, sender: QueueSender): Promise<void> {
    if (!this.isPendingCreate(noteId)) return;
    await sender.create(noteId);
    await this.created(noteId);
  }

  /** Sends everything in the order it was made; stops at the first failure, to try again later. */
  sendAll(sender: QueueSender): Promise<void> {
    return this.sending.run(() => this.sendInOrder(sender));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private async sendInOrder(sender: QueueSender): Promise<void> {
    for (const [noteId, kind] of [...this.changes]) {
      if (this.changes.get(noteId) !== kind) continue;
      const sent =
        kind === 'delete'
          ? sender.delete(noteId)
          : this.sendCreate(noteId, sender).then(() =>
              kind === 'trash' ? sender.delete(noteId) : undefined,
            );
      this.inFlight = { noteId, sent };
      try {
        await sent;
      } finally {
        this.inFlight = null;
      }
      await this.done(noteId);
    }
  }

  /** The server has the note: a note deleted here since waits for its delete alone. */
  private async created(noteId: NoteId): Promise<void> {
    const { account } = this;
    const kind = this.changes.get(noteId);
    if (kind === 'create') return this.done(noteId);
    // Sent twice at once (a save and the queue), the second finds the delete alone left.
    if (account === null || kind !== 'trash') return;
    this.changes.set(noteId, 'delete');
    this.changed();
    await this.offline.putQueued(account, { noteId, kind: 'delete' });
  }

  private async done(noteId: NoteId): Promise<void> {
    const { account } = this;
    if (account === null || !this.changes.delete(noteId)) return;
    this.changed();
    await this.offline.removeQueued(account, noteId);
  }

  private changed(): void {
    this.ids = [...this.changes.keys()];
    for (const listener of this.listeners) listener();
  }
}
