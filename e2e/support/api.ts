import type { Note } from '../../src/shared/note.js';
import { QUIRE_EXPORT_FORMAT, type QuireExport } from '../../src/shared/note-transfer.js';

/** Talks to the API directly, as another device of the same user would. */
export class ApiClient {
  readonly baseUrl: string;
  readonly token: string;

  constructor(baseUrl: string, token: string) {
    this.baseUrl = baseUrl;
    this.token = token;
  }

  private async call(method: string, path: string, body?: unknown): Promise<Response> {
    const init: RequestInit = {
      method,
      headers: { token: this.token, 'content-type': 'application/json' },
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    return fetch(new URL(path, this.baseUrl), init);
  }

  async listNotes(): Promise<Note[]> {
    const response = await this.call('GET', '/api/notes');
    if (!response.ok) throw new Error(`GET /api/notes answered ${response.status}`);
    return ((await response.json()) as { results: Note[] }).results;
  }

  /** The notes in the trash, most recently deleted first. */
  async trash(): Promise<Note[]> {
    const response = await this.call('GET', '/api/trash');
    if (!response.ok) throw new Error(`GET /api/trash answered ${response.status}`);
    return ((await response.json()) as { results: Note[] }).results;
  }

  async note(id: string): Promise<Note | undefined> {
    return (await this.listNotes()).find((note) => note.id === id);
  }

  /** Creates a note with this body (POST, then PUT as the client does). */
  async createNote(body = ''): Promise<Note> {
    const response = await this.call('POST', '/api/notes', { body: '' });
    if (response.status !== 201) throw new Error(`POST /api/notes answered ${response.status}`);
    const created = (await response.json()) as Note;
    return body === '' ? created : this.updateNote({ ...created, body });
  }

  async updateNote(note: Note): Promise<Note> {
    const response = await this.call('PUT', '/api/notes', note);
    if (!response.ok) throw new Error(`PUT /api/notes answered ${response.status}`);
    return (await response.json()) as Note;
  }

  /** The note's listed history: each version's revision and why it was kept. */
  async versions(id: string): Promise<{ revision: number; reason: string }[]> {
    const response = await this.call('GET', `/api/notes/${encodeURIComponent(id)}/versions`);
    if (!response.ok) throw new Error(`GET versions answered ${response.status}`);
    return ((await response.json()) as { results: { revision: number; reason: string }[] }).results;
  }

  /** Imports notes with the times given (as Quire's own export), as of minutes, hours ago. */
  async importNotes(notes: { body: string; secondsAgo: number }[]): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    const file: QuireExport = {
      format: QUIRE_EXPORT_FORMAT,
      version: 1,
      notes: notes.map(({ body, secondsAgo }, index) => {
        const time = now - secondsAgo;
        return { id: `imported-${index}`, body, timeCreated: time, timeLastModified: time };
      }),
    };
    const response = await this.call('POST', '/api/import?name=notes.json', file);
    if (!response.ok) throw new Error(`POST /api/import answered ${response.status}`);
  }

  async deleteNote(id: string): Promise<void> {
    const response = await this.call('DELETE', `/api/notes/${encodeURIComponent(id)}`);
    if (response.status !== 204) throw new Error(`DELETE answered ${response.status}`);
  }
}

/** Creates an account and returns its session token. */
export async function signUp(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(new URL('/api/signup', baseUrl), {
    method: 'POST',
    headers: { token: '', 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (response.status !== 201) throw new Error(`signup answered ${response.status}`);
  return response.text();
}
