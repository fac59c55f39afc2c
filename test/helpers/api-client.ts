import type { Note, UpdateNoteRequest } from '../../src/shared/note.js';

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests inspect whatever JSON came back
  json: any;
}

export interface RequestOptions {
  token?: string;
  /** Sent as JSON unless it is a string, which is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** One HTTP call the way the web client makes it: `token` and JSON content-type headers. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token !== undefined) headers.token = options.token;
  Object.assign(headers, options.headers);
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

let emailCounter = 0;
/** A unique email for this test run. */
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}-${process.pid}@example.com`;
}

export async function signUp(baseUrl: string, email = uniqueEmail()): Promise<string> {
  const response = await call(baseUrl, 'POST', '/api/signup', {
    body: { username: email, password: 'correct horse' },
  });
  if (response.status !== 201)
    throw new Error(`signup failed: ${response.status} ${response.text}`);
  return response.text;
}

export async function createNote(baseUrl: string, token: string, body = ''): Promise<Note> {
  const response = await call(baseUrl, 'POST', '/api/notes', { token, body: { body } });
  if (response.status !== 201) throw new Error(`create failed: ${response.status}`);
  return response.json as Note;
}

/** A save of the whole note, as a plain client makes it. */
export async function updateNote(
  baseUrl: string,
  token: string,
  note: Note & Pick<UpdateNoteRequest, 'sync'>,
): Promise<Note> {
  const response = await call(baseUrl, 'PUT', '/api/notes', { token, body: note });
  if (response.status !== 200) throw new Error(`update failed: ${response.status}`);
  return response.json as Note;
}

export async function listNotes(baseUrl: string, token: string): Promise<Note[]> {
  const response = await call(baseUrl, 'GET', '/api/notes', { token });
  if (response.status !== 200) throw new Error(`list failed: ${response.status}`);
  return (response.json as { results: Note[] }).results;
}
