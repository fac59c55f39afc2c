import { fromBase64 } from '../../shared/base64.js';
import type { Note, NoteId } from '../../shared/note.js';
import { applyTextEdits, type TextEdit } from '../../shared/text-edits.js';
import type { NoteEdit, SaveAnswer } from '../api/note-save.js';
import type { QuireApi } from '../api/quire-api.js';
import { claimable, type DraftOwners } from '../drafts/draft-owners.js';
import type { DraftStore, StoredDraft } from '../drafts/draft-store.js';
import type { DeviceDocuments } from './device-documents.js';
import type { LocalDocument } from './local-document.js';

export interface TextDraftsDeps {
  api: QuireApi;
  store: DraftStore;
  owners: DraftOwners;
  documents: DeviceDocuments;
  token(): string;
  account(): string;
  /** The note as this page holds it, for a save of its text. */
  held(noteId: NoteId): Note | undefined;
  /** A save of text, as a plain client's (its answer goes into the state). */
  save(edit: NoteEdit): Promise<SaveAnswer>;
  /** A draft's text changed, came or went. */
  changed(noteId: NoteId): void;
}

/**
 * Text typed into notes before their documents were on this device: opened offline for the
 * first time here, or in the moment a document takes to arrive, or kept by an earlier
 * version of Quire (docs/sync.md). Each is kept on the device with every step as typed; once
 * the server can be reached the steps are made, in order, on the note's document as it stood
 * at the revision they were typed from, which then merges with whatever came since, by
 * character identity. Where that revision is too old for the server to give, or the steps are
 * not known, the text is saved as a plain client's is.
 */
export class TextDrafts {
  private readonly drafts = new Map<NoteId, StoredDraft>();
  private readonly inProgress = new Map<NoteId, Promise<LocalDocument | undefined>>();
  private generation = 0;

  constructor(private readonly deps: TextDraftsDeps) {}

  /** The draft's text, when the note has one. */
  text(noteId: NoteId): string | undefined {
    return this.drafts.get(noteId)?.text;
  }

  noteIds(): NoteId[] {
    return [...this.drafts.keys()];
  }

  /** Whether the note's draft is on its way into its document now. */
  converting(noteId: NoteId): boolean {
    return this.inProgress.has(noteId);
  }

  /**
   * A change typed into `note` (as held) with no document: `steps` are its edits in the text
   * before it, when known; without them the draft is saved as text.
   */
  typed(note: Note, text: string, edits?: TextEdit[]): void {
    const draft = this.drafts.get(note.id) ?? {
      noteId: note.id,
      text: note.body,
      baseRevision: note.revision,
      steps: [],
    };
    const steps = edits && draft.steps ? [...draft.steps, edits] : undefined;
    const next: StoredDraft = { ...draft, text, steps, owner: this.deps.owners.self };
    this.drafts.set(note.id, next);
    void this.deps.store.put(this.deps.account(), next).catch(logged);
    this.deps.changed(note.id);
  }

  /** Drafts kept on the device by an earlier page, except those a live tab is writing. */
  async load(): Promise<void> {
    const generation = this.generation;
    const kept = await claimable(await this.deps.store.load(this.deps.account()), this.deps.owners);
    if (generation !== this.generation) return;
    for (const draft of kept) {
      if (this.drafts.has(draft.noteId)) continue;
      this.drafts.set(draft.noteId, draft);
      this.deps.changed(draft.noteId);
    }
  }

  /** Brings every draft into its note (the server is reachable). */
  async convertAll(): Promise<void> {
    for (const noteId of this.noteIds()) {
      await this.convert(noteId).catch(logged);
    }
  }

  /**
   * Brings the note's draft into its document; the document, or undefined when there is no
   * draft. Throws when the server cannot be reached (the draft stays).
   */
  convert(noteId: NoteId): Promise<LocalDocument | undefined> {
    let converting = this.inProgress.get(noteId);
    if (!converting) {
      converting = this.convertOnce(noteId).finally(() => this.inProgress.delete(noteId));
      this.inProgress.set(noteId, converting);
    }
    return converting;
  }

  /** The session ended: drafts leave memory; the device keeps them. */
  reset(): void {
    this.generation += 1;
    this.drafts.clear();
    this.inProgress.clear();
  }

  private async convertOnce(noteId: NoteId): Promise<LocalDocument | undefined> {
    const generation = this.generation;
    const { api, documents } = this.deps;
    for (;;) {
      const draft = this.drafts.get(noteId);
      if (!draft) return undefined;
      if (draft.steps) {
        const answer = await api.fetchDocument(this.deps.token(), noteId, {
          at: draft.baseRevision,
        });
        if (generation !== this.generation) return undefined;
        const current = this.drafts.get(noteId);
        if (current && answer.base !== undefined) {
          const doc = documents.fromBase(noteId, fromBase64(answer.base), current.baseRevision);
          doc.typeSteps(current.steps ?? []);
          doc.holdBack(fromBase64(answer.update), answer.revision);
          return this.done(noteId, current, doc);
        }
      }
      // No steps, or a base too old for the server: the text is saved as a plain client's.
      const sent = this.drafts.get(noteId) as StoredDraft;
      const held = this.deps.held(noteId);
      const save = { ...held, id: noteId, body: sent.text, revision: sent.baseRevision };
      const { note } = await this.deps.save(save);
      if (generation !== this.generation) return undefined;
      const after = this.drafts.get(noteId);
      if (after === sent || !after || note.id !== noteId) {
        this.forget(noteId, sent);
        return documents.open(note.id);
      }
      // Typed on meanwhile: its steps go on from the text sent, now stored as it was sent.
      const since = after.steps?.slice(sent.steps?.length ?? 0);
      const rebased =
        note.body === sent.text && since && applySteps(sent.text, since) === after.text;
      this.drafts.set(noteId, {
        ...after,
        baseRevision: rebased ? note.revision : after.baseRevision,
        steps: rebased ? since : undefined,
      });
    }
  }

  private done(noteId: NoteId, draft: StoredDraft, doc: LocalDocument): LocalDocument {
    this.forget(noteId, draft);
    return doc;
  }

  private forget(noteId: NoteId, draft: StoredDraft): void {
    if (this.drafts.get(noteId) === draft) this.drafts.delete(noteId);
    void this.deps.store.remove(this.deps.account(), noteId).catch(logged);
    this.deps.changed(noteId);
  }
}

/** A text after the steps, each edits in the text before it. */
function applySteps(text: string, steps: readonly TextEdit[][]): string {
  return steps.reduce(applyTextEdits, text);
}

function logged(error: unknown): void {
  console.error(error);
}
