import type { Note, NoteId } from '../../shared/note.js';

/** A change to one user's notes, as the fan-out carries it. */
export type NoteChange =
  | { userId: string; event: 'update'; note: Note }
  | { userId: string; event: 'delete'; noteId: NoteId };

export interface LiveBusListener {
  /** A change made through this or any other instance. */
  onChange(change: NoteChange): void;
  /** Changes may have been missed (e.g. the bus lost its connection): clients should refetch. */
  onResync(): void;
}

/**
 * Carries note changes to every instance's live hub. One instance uses the in-process bus;
 * several share a bus over their common database.
 */
export interface LiveBus {
  publish(change: NoteChange): Promise<void>;
  subscribe(listener: LiveBusListener): () => void;
  close(): Promise<void>;
}
