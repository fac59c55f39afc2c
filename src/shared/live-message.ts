import type { Note, NoteId } from './note.js';

/** Path of the live socket, on the same host as the page (spec §7). */
export const LIVE_SOCKET_PATH = '/socket';

/** Close code the server uses when the socket's token is missing, wrong or revoked. */
export const CLOSE_UNAUTHORIZED = 4401;

/** How long a socket may stay open without authenticating, in milliseconds. */
export const AUTH_TIMEOUT_MS = 10_000;

/** The first message a client sends: its session token. */
export interface AuthMessage {
  event: 'auth';
  payload: string;
}

/** What the server pushes (spec §3.6, plus `ready` once the socket is authenticated). */
export type LiveMessage =
  | { event: 'ready'; payload: null }
  | { event: 'update'; payload: Note }
  | { event: 'delete'; payload: NoteId };
