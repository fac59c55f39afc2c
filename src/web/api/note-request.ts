import type { Note } from '../../shared/note.js';
import { NoteRequestError } from './api-errors.js';
import { apiRequest, NetworkError, RequestTooLargeError } from './http-client.js';
import { isNote } from './note-guard.js';

/** The `code` of a JSON error answer, when there is one. */
async function readErrorCode(response: Response): Promise<string | undefined> {
  try {
    const data: unknown = await response.json();
    const code = (data as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs one note call; any failure is raised as Error("oh no") with its status and code
 * (docs/interface.md#errors-the-client-raises).
 */
export async function noteRequest(
  path: string,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  body?: unknown,
  headers?: Readonly<Record<string, string>>,
): Promise<Response> {
  let response: Response;
  try {
    response = await apiRequest(path, { method, token, body, headers: { ...headers } });
  } catch (error) {
    if (error instanceof RequestTooLargeError) throw new NoteRequestError(413, error, 'too_large');
    throw new NoteRequestError(null, error instanceof NetworkError ? error.cause : error);
  }
  if (!response.ok) {
    throw new NoteRequestError(response.status, undefined, await readErrorCode(response));
  }
  return response;
}

export async function readNote(response: Response): Promise<Note> {
  const data: unknown = await response.json().catch(() => null);
  if (!isNote(data)) throw new NoteRequestError(response.status);
  return data;
}

/** The `results` of a list answer, keeping only entries of the expected shape. */
export async function readResults<T>(
  response: Response,
  guard: (value: unknown) => value is T,
): Promise<T[]> {
  const data: unknown = await response.json().catch(() => null);
  const results = (data as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw new NoteRequestError(response.status);
  return results.filter(guard);
}

export function notePath(id: string, rest = ''): string {
  return `/api/notes/${encodeURIComponent(id)}${rest}`;
}
