import type { Note, NoteId } from '../../shared/note.js';
import type { SessionEndReason } from '../../shared/session-end.js';

/**
 * A change to one user's notes, as the fan-out carries it; `origin` is the client that made it.
 * An update carries its revision's document update when the change made one (docs/sync.md).
 */
export type NoteChange = { userId: string; origin?: string } & (
  | { event: 'update'; note: Note; update?: Uint8Array }
  | { event: 'delete'; noteId: NoteId }
);

/**
 * Where a window is in a note, for the same account's other windows: passed on, never stored.
 * `origin` names the socket it came from, which does not hear it back.
 */
export interface Presence {
  userId: string;
  origin: string;
  noteId: NoteId;
  state: string;
}

/**
 * Sessions that just ended: the listed ones, every session of the user except
 * `exceptSessionId` (signing out elsewhere, a new password), or all of them with the account.
 * Their sockets close on every instance. An API token ends like a session, by its id or with
 * the account, but not with the other sessions: a script's token outlives the owner's sign-outs.
 */
export interface SessionsEnded {
  userId: string;
  sessionIds?: string[];
  exceptSessionId?: string;
  /** Told to the windows signed out, so they can say why. */
  reason?: SessionEndReason;
}

/** Whether `sessionId` (an API token's id when `apiToken`) is among the sessions that ended. */
export function endsSession(ended: SessionsEnded, sessionId: string, apiToken = false): boolean {
  if (ended.sessionIds) return ended.sessionIds.includes(sessionId);
  if (ended.exceptSessionId !== undefined) return !apiToken && sessionId !== ended.exceptSessionId;
  return true;
}

export interface LiveBusListener {
  /** A change made through this or any other instance. */
  onChange?(change: NoteChange): void;
  /**
   * Changes (and ended sessions) may have been missed, e.g. the bus lost its connection:
   * clients should refetch.
   */
  onResync?(): void;
  /** Sessions ended through this or any other instance. */
  onSessionsEnded?(ended: SessionsEnded): void;
  /** A window's presence, from this or any other instance. */
  onPresence?(presence: Presence): void;
}

/**
 * Carries note changes to every instance's live hub. One instance uses the in-process bus;
 * several share a bus over their common database.
 */
export interface LiveBus {
  publish(change: NoteChange): Promise<void>;
  /** Passes a window's presence on to every instance, in no particular order with changes. */
  publishPresence(presence: Presence): Promise<void>;
  /** Announces ended sessions, after the database has forgotten them. */
  endSessions(ended: SessionsEnded): Promise<void>;
  subscribe(listener: LiveBusListener): () => void;
  close(): Promise<void>;
}

/** Where a bus that travels through the database tells what befell its connection. */
export interface BusLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
