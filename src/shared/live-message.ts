import type { Note, NoteId } from './note.js';

/** Path of the live socket, on the same host as the page (docs/api.md#the-live-socket). */
export const LIVE_SOCKET_PATH = '/socket';

/** Close code the server uses when the socket's token is missing, wrong or revoked. */
export const CLOSE_UNAUTHORIZED = 4401;

/** Close code for an API token without the `notes:read` scope, which live events need. */
export const CLOSE_FORBIDDEN = 4403;

/** Close code when the account already holds as many live sockets as it may. */
export const CLOSE_TOO_MANY_SOCKETS = 4429;

/** How long a socket may stay open without authenticating, in milliseconds. */
export const AUTH_TIMEOUT_MS = 10_000;

/**
 * Request header naming the socket (by the `client` id it authenticated with) that should not
 * receive the echo of this request's change: that client learns the result from the answer.
 */
export const LIVE_CLIENT_HEADER = 'quire-client';

/** Longest client id a socket may name itself with (and a request may name in its header). */
const MAX_LIVE_CLIENT_ID = 64;

/** Whether a value is a client id the server honours; anything else names no client. */
export const isLiveClientId = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value.length <= MAX_LIVE_CLIENT_ID;

/** The first message a client sends: its session token. */
export interface AuthMessage {
  event: 'auth';
  payload: string;
  /**
   * Optional, an extension: an id the client picks for this socket. Changes it makes with the
   * same id in the `quire-client` header are not echoed back to this socket; without it, a
   * socket receives every change of its user, its own included.
   */
  client?: string;
  /**
   * Optional, an extension: the client keeps notes' documents (docs/sync.md). Its `update`
   * events then carry each change's document update in `sync`, and presence reaches it.
   */
  sync?: boolean;
}

/**
 * Where a window is in a note it has open, for the same account's other windows (docs/sync.md):
 * a Yjs awareness update (base64) of the note's document. Sent by a client that keeps
 * documents, and relayed as it is to the account's other such sockets; never stored.
 */
export interface PresenceMessage {
  event: 'presence';
  payload: { note: NoteId; state: string };
}

/** Longest presence state a socket may send, in base64 characters. */
export const MAX_PRESENCE_STATE = 4096;

/**
 * What the server pushes (docs/api.md#the-live-socket): `ready` once the socket is authenticated,
 * then `update` and `delete`. `sync` is there only for sockets that asked for it: the change's Yjs
 * update (base64), empty when the change left the text as it was.
 */
export type LiveMessage =
  | { event: 'ready'; payload: null }
  | { event: 'update'; payload: Note; sync?: { update: string } }
  | { event: 'delete'; payload: NoteId }
  | PresenceMessage;
