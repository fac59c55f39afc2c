import type { NoteId } from '../../shared/note.js';
import type { TextEdit } from '../../shared/text-edits.js';

/**
 * Text typed into a note before its document was on this device (docs/sync.md), kept here until
 * it is in the document: the text, the revision it was typed from, and every step as typed
 * (each the edits of one change, in the text before it). Drafts kept by earlier versions of
 * Quire have no steps: they are saved as text.
 */
export interface StoredDraft {
  noteId: NoteId;
  text: string;
  /** The revision the text was typed from, whose document the steps apply to. */
  baseRevision: number;
  steps?: TextEdit[][];
  /** The tab writing it, while that tab lives (see DraftOwners). */
  owner?: string;
}

/**
 * Where such text waits, per account (its email) and note. Writes of one note are applied in
 * the order they were asked for, so a removal never overtakes a newer text.
 */
export interface DraftStore {
  load(account: string): Promise<StoredDraft[]>;
  put(account: string, draft: StoredDraft): Promise<void>;
  remove(account: string, noteId: NoteId): Promise<void>;
}

/** Keeps drafts in memory only: for tests, and where the browser offers no IndexedDB. */
export function memoryDraftStore(): DraftStore {
  const drafts = new Map<string, Map<NoteId, StoredDraft>>();
  const of = (account: string) => {
    const byNote = drafts.get(account) ?? new Map<NoteId, StoredDraft>();
    drafts.set(account, byNote);
    return byNote;
  };
  return {
    load: async (account) => [...of(account).values()],
    put: async (account, draft) => void of(account).set(draft.noteId, { ...draft }),
    remove: async (account, noteId) => void of(account).delete(noteId),
  };
}
