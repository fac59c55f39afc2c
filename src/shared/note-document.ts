import { toBase64 } from './base64.js';

/**
 * A note's Yjs document as the API carries it (docs/sync.md). Quire's own client keeps one per note
 * it edits; these fields ride beside the whole note every save carries (docs/api.md#routes), and a
 * client that sends none of them is merged by its text alone.
 */

/** The name of the document's one text: the note's body. */
export const NOTE_DOCUMENT_TEXT = 'body';

/**
 * What a save adds to `PUT /api/notes`: the device's document updates the server has not
 * acknowledged (one Yjs update, base64), and the device's state vector (base64), by which the
 * server finds what the device lacks should its log no longer reach the device's revision.
 */
export interface SaveSync {
  update: string;
  vector?: string;
}

/**
 * What the answer to a save with `sync` adds: a Yjs update (base64) holding what other devices
 * wrote since the save's revision, which takes the device's document up to the note's
 * revision in the answer.
 */
export interface SyncAnswer {
  update: string;
}

/**
 * `GET /api/notes/{id}/document`: the note's document as of `revision`. `update` takes a
 * document as of the `since` asked for up to it (the whole state when none was asked for, or
 * when the log no longer reaches that far). With `at`, `base` is the whole state as of that
 * revision, when the log still reaches it; `update` then goes on from there.
 */
export interface NoteDocumentAnswer {
  revision: number;
  update: string;
  base?: string;
}

/** A Yjs update that changes nothing: what "nothing" is on the wire, where a client applies it. */
const NO_CHANGE = new Uint8Array([0, 0]);

/** An update as the API carries it (base64); no bytes at all stand for no change. */
export const updateText = (update: Uint8Array): string =>
  toBase64(update.length > 0 ? update : NO_CHANGE);
