import type { NoteId } from '../../shared/note.js';
import type { TextEdit } from '../../shared/text-edits.js';

/** Unsaved text of one note, as kept on this device until the server acknowledges it. */
export interface StoredDraft {
  noteId: NoteId;
  text: string;
  /** The revision the text was edited from, so the server can merge it with newer versions. */
  baseRevision: number;
  /** The edits, as typed, that made the text from the base's (unknown for older drafts). */
  edits?: TextEdit[];
  /** The tab writing it, while that tab lives (see DraftOwners). */
  owner?: string;
}

/**
 * Where unsaved text waits for the server, per account (its email) and note. Writes of one note
 * are applied in the order they were asked for, so a removal never overtakes a newer text.
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
