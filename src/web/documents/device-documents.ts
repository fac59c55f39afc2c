import { fromBase64 } from '../../shared/base64.js';
import type { NoteId } from '../../shared/note.js';
import type { QuireApi } from '../api/quire-api.js';
import { claimable, type DraftOwners } from '../drafts/draft-owners.js';
import type { AcknowledgedUpdate, DocumentStore } from './document-store.js';
import { LocalDocument } from './local-document.js';
import { NotePresence } from './note-presence.js';

export interface DeviceDocumentsDeps {
  api: QuireApi;
  store: DocumentStore;
  owners: DraftOwners;
  token(): string;
  /** Whose documents these are (the account's email, as the server spells it). */
  account(): string;
  /** Something was typed into a note's document: it has to be saved. */
  typed(noteId: NoteId): void;
  /** A document came, went, or took in text from elsewhere. */
  changed(noteId: NoteId): void;
  /** Passes this window's presence in a note to the account's other windows. */
  sendPresence(noteId: NoteId, state: string): void;
  /** This device, as people recognise it. */
  deviceName: string;
}

/** A pause after which a document with nothing unsent is written whole to the device. */
const STATE_WRITE_PAUSE_MS = 2_000;

/**
 * The notes' documents this device holds for the signed-in account (docs/sync.md): read from
 * the device, fetched from the server the first time, kept up with what other devices write,
 * and written back to the device. Only notes opened or typed in here have one.
 */
export class DeviceDocuments {
  private readonly loaded = new Map<NoteId, LocalDocument>();
  private readonly loading = new Map<NoteId, Promise<LocalDocument | undefined>>();
  private readonly stateTimers = new Map<NoteId, ReturnType<typeof setTimeout>>();
  /** Acknowledged updates on the device, by note, that the next state written there holds. */
  private readonly toFold = new Map<NoteId, number[]>();
  private readonly presences = new Map<NoteId, NotePresence>();
  private generation = 0;

  constructor(private readonly deps: DeviceDocumentsDeps) {}

  /** The note's document, if this page holds it now. */
  get(noteId: NoteId): LocalDocument | undefined {
    return this.loaded.get(noteId);
  }

  /** The notes whose documents this page holds. */
  heldIds(): NoteId[] {
    return [...this.loaded.keys()];
  }

  /**
   * The note's document: held, read from the device (then brought up to date), or fetched
   * whole. Undefined when neither the device nor the server can give it now (offline).
   */
  open(noteId: NoteId): Promise<LocalDocument | undefined> {
    const held = this.loaded.get(noteId);
    if (held) return Promise.resolve(held);
    let loading = this.loading.get(noteId);
    if (!loading) {
      loading = this.load(noteId).finally(() => this.loading.delete(noteId));
      this.loading.set(noteId, loading);
    }
    return loading;
  }

  /**
   * A note made here: its document is empty until typed in, the same as the server's (an
   * empty note's document holds no characters), so nothing needs fetching.
   */
  created(noteId: NoteId): LocalDocument {
    const doc = this.adopt(noteId, { revision: 1 });
    this.writeState(noteId);
    return doc;
  }

  /**
   * The note's document as it stood at `revision`, given by the server: text typed from that
   * revision is made on it before it takes in what came since.
   */
  fromBase(noteId: NoteId, state: Uint8Array, revision: number): LocalDocument {
    this.unload(noteId);
    const doc = this.adopt(noteId, { state, revision });
    this.writeState(noteId);
    return doc;
  }

  /**
   * A newer version of a note from elsewhere, with the change's document update when it came
   * with one. A document held here takes it in; one that misses a step catches up.
   */
  tookIn(noteId: NoteId, revision: number, update?: string): void {
    const doc = this.loaded.get(noteId);
    if (!doc || revision <= doc.revision || doc.holdsBack) return;
    if (update !== undefined) doc.applyFromServer(fromBase64(update));
    // The caller shows the note and its text in one change of the state.
    if (update !== undefined && revision === doc.revision + 1) {
      doc.revision = revision;
      this.writeStateSoon(noteId);
    } else void this.catchUp(noteId).catch(logged);
  }

  /** Brings a held document up to the server's revision. */
  async catchUp(noteId: NoteId): Promise<void> {
    const doc = this.loaded.get(noteId);
    if (!doc || doc.holdsBack) return;
    const generation = this.generation;
    const answer = await this.deps.api.fetchDocument(this.deps.token(), noteId, {
      since: doc.revision,
      vector: doc.vector(),
    });
    if (generation !== this.generation || this.loaded.get(noteId) !== doc) return;
    doc.applyFromServer(fromBase64(answer.update));
    doc.revision = Math.max(doc.revision, answer.revision);
    this.deps.changed(noteId);
    this.writeStateSoon(noteId);
  }

  /** Catches up every held document (after the connection came back). */
  catchUpAll(): void {
    for (const noteId of this.loaded.keys()) {
      void this.catchUp(noteId).catch((error: unknown) => console.error(error));
    }
  }

  /** The server acknowledged updates: their copies on the device stay until a state holds them. */
  acknowledged(noteId: NoteId, keys: number[]): void {
    if (keys.length > 0) {
      void this.deps.store.acknowledge(keys).catch(logged);
      this.toFold.set(noteId, [...(this.toFold.get(noteId) ?? []), ...keys]);
    }
    this.writeStateSoon(noteId);
  }

  /**
   * Documents with updates an earlier page typed and never saw acknowledged (closed tab,
   * crash, ended session), except those another open tab is still saving. Returns their notes.
   */
  async resume(): Promise<NoteId[]> {
    const generation = this.generation;
    const account = this.deps.account();
    const notes = await this.deps.store.notesWithPending(account);
    const owned = notes.flatMap(({ noteId, owners }) => owners.map((owner) => ({ noteId, owner })));
    const mine = new Set((await claimable(owned, this.deps.owners)).map((p) => p.noteId));
    const resumed: NoteId[] = [];
    for (const noteId of mine) {
      if (generation !== this.generation) return [];
      const stored = await this.deps.store.read(account, noteId);
      if (!stored) continue;
      await this.deps.store.claim(
        stored.pending.map((p) => p.key),
        this.deps.owners.self,
      );
      if (!this.loaded.has(noteId)) {
        this.adopt(noteId, stored);
        void this.catchUp(noteId).catch(() => undefined); // offline: it waits for the next time
      }
      resumed.push(noteId);
    }
    return resumed;
  }

  /**
   * This window's presence in a note it shows (docs/sync.md), made on first need; undefined
   * while the note has no document here.
   */
  presenceOf(noteId: NoteId): NotePresence | undefined {
    const doc = this.loaded.get(noteId);
    if (!doc) return undefined;
    let presence = this.presences.get(noteId);
    if (presence?.doc !== doc) {
      presence?.destroy();
      const send = (state: string) => this.deps.sendPresence(noteId, state);
      presence = new NotePresence(doc, send, this.deps.deviceName);
      this.presences.set(noteId, presence);
    }
    presence.show();
    return presence;
  }

  /** The note is no longer shown here: the others stop seeing this window in it. */
  releasePresence(noteId: NoteId, presence: NotePresence): void {
    if (this.presences.get(noteId) === presence) presence.hide();
  }

  /** Another window's presence in a note. */
  receivePresence(noteId: NoteId, state: string): void {
    this.presences.get(noteId)?.receive(state);
  }

  /** The page is going away: the others stop seeing this window in any note. */
  leavePresence(): void {
    for (const [noteId, presence] of this.presences) this.releasePresence(noteId, presence);
  }

  /** Tells the others again where this window is (the connection came back). */
  announcePresence(): void {
    for (const presence of this.presences.values()) presence.announce();
  }

  /** Drops a note's document here and on the device (its text went to a new note). */
  forget(noteId: NoteId): void {
    this.unload(noteId);
    void this.deps.store.forget(this.deps.account(), noteId).catch(logged);
  }

  /** The session ended: documents leave memory; the device keeps them for the next one. */
  reset(): void {
    this.generation += 1;
    for (const noteId of [...this.loaded.keys()]) this.unload(noteId);
    this.loading.clear();
  }

  private async load(noteId: NoteId): Promise<LocalDocument | undefined> {
    const generation = this.generation;
    const account = this.deps.account();
    const stored = await this.deps.store.read(account, noteId).catch(() => undefined);
    if (generation !== this.generation) return undefined;
    if (stored?.state || stored?.acknowledged.length || stored?.pending.length) {
      const doc = this.loaded.get(noteId) ?? this.adopt(noteId, stored);
      void this.catchUp(noteId).catch(() => undefined); // offline: it waits for the next time
      return doc;
    }
    try {
      const answer = await this.deps.api.fetchDocument(this.deps.token(), noteId);
      if (generation !== this.generation) return undefined;
      const held = this.loaded.get(noteId);
      if (held) return held;
      const doc = this.adopt(noteId, {
        state: fromBase64(answer.update),
        revision: answer.revision,
      });
      // On the device before anything is typed into it: typing builds on its characters.
      this.writeState(noteId);
      return doc;
    } catch (error) {
      console.error(error);
      return undefined;
    }
  }

  /** Makes a document this page holds, wired to the device's store and the saver. */
  private adopt(
    noteId: NoteId,
    from: {
      state?: Uint8Array | null;
      revision: number;
      acknowledged?: readonly AcknowledgedUpdate[];
      pending?: readonly { update: Uint8Array; key: number }[];
    },
  ): LocalDocument {
    const account = this.deps.account();
    const { store, owners } = this.deps;
    const acknowledged = from.acknowledged ?? [];
    const doc = new LocalDocument(noteId, {
      ...from,
      acknowledged: acknowledged.map(({ update }) => update),
      keep: (update) => store.addPending(account, noteId, update, owners.self),
    });
    this.toFold.set(
      noteId,
      acknowledged.map(({ key }) => key),
    );
    doc.onTyped(() => {
      this.deps.typed(noteId);
      this.deps.changed(noteId);
    });
    this.loaded.set(noteId, doc);
    if (doc.hasUnsent) this.deps.typed(noteId);
    this.deps.changed(noteId);
    return doc;
  }

  /** Writes a document whole to the device once it has rested with nothing unsent. */
  private writeStateSoon(noteId: NoteId): void {
    clearTimeout(this.stateTimers.get(noteId));
    this.stateTimers.set(
      noteId,
      setTimeout(() => {
        this.stateTimers.delete(noteId);
        this.writeState(noteId);
      }, STATE_WRITE_PAUSE_MS),
    );
  }

  private writeState(noteId: NoteId): void {
    const doc = this.loaded.get(noteId);
    // With updates unsent, the state would hold them: it waits until they are acknowledged.
    if (!doc || doc.hasUnsent) return;
    const account = this.deps.account();
    const held = this.toFold.get(noteId) ?? [];
    this.toFold.delete(noteId);
    void this.deps.store.writeState(account, noteId, doc.state(), doc.revision, held).catch(logged);
  }

  private unload(noteId: NoteId): void {
    this.presences.get(noteId)?.destroy();
    this.presences.delete(noteId);
    clearTimeout(this.stateTimers.get(noteId));
    this.stateTimers.delete(noteId);
    this.loaded.get(noteId)?.destroy();
    this.loaded.delete(noteId);
    this.toFold.delete(noteId);
  }
}

function logged(error: unknown): void {
  console.error(error);
}
