import { LIST_CURSOR_HEADER } from '../../shared/api-headers.js';
import { toBase64Url } from '../../shared/base64.js';
import type { Note, NoteId } from '../../shared/note.js';
import type { NoteChangesResponse } from '../../shared/note-changes.js';
import type { NoteDocumentAnswer } from '../../shared/note-document.js';
import { NoteRequestError, SessionExpiredError } from './api-errors.js';
import { apiRequest, NetworkError } from './http-client.js';
import { readListTop } from './list-top.js';
import { liveClientHeaders } from './live-client.js';
import { isNote } from './note-guard.js';
import { notePath, noteRequest, readNote, readResults } from './note-request.js';
import type { NoteEdit, SaveAnswer } from './note-save.js';
import { offThreadSaver } from './off-thread-save.js';

/**
 * A whole list (`notes`), or null for a 304: the list the etag sent names is still current.
 * `etag` and `cursor` are the server's headers, opaque, to be sent back as they came.
 */
export interface NoteListAnswer {
  notes: Note[] | null;
  etag: string | null;
  cursor: string | null;
}

/** Any failure of a list call as the note calls raise it; a 401 ends the session. */
function listFailure(error: unknown): Error {
  if (error instanceof NoteRequestError && error.status === 401) return new SessionExpiredError();
  if (error instanceof NoteRequestError || error instanceof SessionExpiredError) return error;
  return new NoteRequestError(null, error instanceof NetworkError ? error.cause : error);
}

/**
 * The notes of a list's first screen, shown while the rest of a long list arrives or is read
 * from the device: more than a tall screen shows.
 */
export const LIST_TOP = 100;

/**
 * `GET /api/notes`: every note in server order, or a 304 when `etag` still names the list. A non-ok
 * answer is raised rather than read as "no notes" (docs/interface.md#refreshing-the-list): a 502
 * during a restart must not empty the list. `onTop` is handed the list's first notes as soon as
 * they arrive (100,000 notes take seconds to download and parse).
 */
export async function fetchNoteList(
  token: string,
  etag?: string | null,
  onTop?: (notes: Note[]) => void,
): Promise<NoteListAnswer> {
  try {
    const headers = etag ? { 'if-none-match': etag } : undefined;
    const response = await apiRequest('/api/notes', { token, headers });
    const mark = {
      etag: response.headers.get('etag'),
      cursor: response.headers.get(LIST_CURSOR_HEADER),
    };
    if (response.status === 304 && etag) return { notes: null, ...mark };
    if (!response.ok) throw new NoteRequestError(response.status);
    const top = onTop && response.clone().body;
    if (top) {
      readListTop(top, LIST_TOP).then(onTop, () => {}); // only a head start: the list follows
    }
    return { notes: await readResults(response, isNote), ...mark };
  } catch (error) {
    throw listFailure(error);
  }
}

/**
 * `GET /api/notes?since=<cursor>`: the notes changed after the cursor, the ids that left the
 * list, and the next cursor. A cursor the server cannot use is a 400 `invalid_input`.
 */
export async function fetchNoteChanges(token: string, since: string): Promise<NoteChangesResponse> {
  try {
    const response = await noteRequest(
      `/api/notes?since=${encodeURIComponent(since)}`,
      token,
      'GET',
    );
    const data = (await response.json().catch(() => null)) as Partial<NoteChangesResponse> | null;
    const { results, deleted, cursor } = data ?? {};
    if (!Array.isArray(results) || !Array.isArray(deleted) || typeof cursor !== 'string') {
      throw new NoteRequestError(response.status);
    }
    return {
      results: results.filter(isNote),
      deleted: deleted.filter((id) => typeof id === 'string'),
      cursor,
    };
  } catch (error) {
    throw listFailure(error);
  }
}

/**
 * `POST /api/notes {body: ""}` → the created note. A note made offline brings its own id (a
 * UUID); sending it again answers the note already stored, never a second one.
 */
export async function createNote(token: string, id?: NoteId): Promise<Note> {
  const request = id === undefined ? { body: '' } : { id, body: '' };
  return readNote(await noteRequest('/api/notes', token, 'POST', request, liveClientHeaders));
}

export type { NoteEdit, SaveAnswer } from './note-save.js';

const saver = offThreadSaver();

/**
 * `PUT /api/notes` with the new body and its base revision → the stored (maybe merged) note;
 * the body is sent by a worker, off the page's thread.
 */
export function updateNote(token: string, edit: NoteEdit): Promise<SaveAnswer> {
  return saver.save(token, edit);
}

/** From now on saves leave from the page itself (see OffThreadSaver.saveFromPage). */
export function saveFromPage(): void {
  saver.saveFromPage();
}

/**
 * `GET /api/notes/{id}/document`: the note's document as of its stored revision, whole, or what
 * takes one held as of `since` (with its state vector) there; with `at`, also the whole state
 * as of that revision, when the server still holds it.
 */
export async function fetchDocument(
  token: string,
  id: NoteId,
  asked: { since?: number; at?: number; vector?: Uint8Array } = {},
): Promise<NoteDocumentAnswer> {
  const query = new URLSearchParams();
  if (asked.since !== undefined) query.set('since', String(asked.since));
  if (asked.at !== undefined) query.set('at', String(asked.at));
  if (asked.vector) query.set('vector', toBase64Url(asked.vector));
  const search = query.toString();
  const path = notePath(id, `/document${search === '' ? '' : `?${search}`}`);
  const response = await noteRequest(path, token, 'GET');
  const data = (await response.json().catch(() => null)) as Partial<NoteDocumentAnswer> | null;
  if (typeof data?.revision !== 'number' || typeof data.update !== 'string') {
    throw new NoteRequestError(response.status);
  }
  const base = typeof data.base === 'string' ? data.base : undefined;
  return { revision: data.revision, update: data.update, base };
}

/** `DELETE /api/notes/{id}`: the note goes to the trash. */
export async function deleteNote(token: string, id: NoteId): Promise<void> {
  await noteRequest(notePath(id), token, 'DELETE', undefined, liveClientHeaders);
}
