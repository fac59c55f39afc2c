import * as Y from 'yjs';
import { fromBase64, toBase64, toBase64Url } from '../../src/shared/base64.js';
import type { Note } from '../../src/shared/note.js';
import { NOTE_DOCUMENT_TEXT } from '../../src/shared/note-document.js';
import { type ApiResponse, call } from './api-client.js';

/** Marks a device's own edits, as the editor's binding marks them. */
const TYPED = Symbol('typed');

/**
 * A device that keeps a note's Yjs document as Quire's client does, over the real API: it
 * opens the document, edits it, and saves its unacknowledged updates beside the whole note.
 */
export class DocumentDevice {
  readonly doc = new Y.Doc();
  /** Updates typed here that the server has not acknowledged, in order. */
  pending: Uint8Array[] = [];
  note: Note;
  private opened = false;

  private constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    note: Note,
  ) {
    this.note = note;
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === TYPED) this.pending.push(update);
    });
  }

  /** Opens a note's document as of its stored revision. */
  static async open(baseUrl: string, token: string, note: Note): Promise<DocumentDevice> {
    const device = new DocumentDevice(baseUrl, token, note);
    await device.catchUp();
    return device;
  }

  get text(): string {
    return this.doc.getText(NOTE_DOCUMENT_TEXT).toString();
  }

  /** Types `text` at `at`, one key at a time, as a person would; the cursor ends after it. */
  type(at: number, text: string): void {
    for (const [i, key] of [...text].entries()) this.edit((body) => body.insert(at + i, key));
    // Kept beside the character before it, as an editor keeps its cursor (CodeMirror's assoc).
    this.cursor = Y.createRelativePositionFromTypeIndex(this.body, at + text.length, -1);
  }

  /**
   * Types at the cursor, which follows the characters around it as other devices' text comes
   * in, as an editor's does.
   */
  typeAtCursor(text: string): void {
    const at = this.cursor
      ? (Y.createAbsolutePositionFromRelativePosition(this.cursor, this.doc)?.index ?? 0)
      : this.text.length;
    this.type(at, text);
  }

  private cursor: Y.RelativePosition | undefined;

  private get body(): Y.Text {
    return this.doc.getText(NOTE_DOCUMENT_TEXT);
  }

  remove(at: number, length: number): void {
    this.edit((body) => body.delete(at, length));
  }

  edit(change: (body: Y.Text) => void): void {
    this.doc.transact(() => change(this.doc.getText(NOTE_DOCUMENT_TEXT)), TYPED);
  }

  /** `GET /api/notes/{id}/document` since the revision held (the whole state the first time). */
  async catchUp(): Promise<void> {
    const query = this.opened ? `?since=${this.note.revision}&vector=${this.vector()}` : '';
    const path = `/api/notes/${this.note.id}/document${query}`;
    const response = await call(this.baseUrl, 'GET', path, { token: this.token });
    if (response.status !== 200) throw new Error(`document: ${response.status} ${response.text}`);
    Y.applyUpdate(this.doc, fromBase64(response.json.update));
    this.note = { ...this.note, revision: response.json.revision, body: this.text };
    this.opened = true;
  }

  /** A save of the whole note with the updates not yet acknowledged (`whole`: every update). */
  async save(
    options: { whole?: boolean; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> {
    const sent = this.pending.length;
    const update = options.whole
      ? Y.encodeStateAsUpdate(this.doc)
      : Y.mergeUpdates(this.pending.slice(0, sent));
    const response = await call(this.baseUrl, 'PUT', '/api/notes', {
      token: this.token,
      headers: options.headers,
      body: {
        ...this.note,
        body: this.text,
        sync: {
          update: toBase64(update),
          vector: toBase64(Y.encodeStateVector(this.doc)),
        },
      },
    });
    if (response.status === 200) {
      this.pending = this.pending.slice(sent);
      const { sync, ...note } = response.json;
      if (sync) Y.applyUpdate(this.doc, fromBase64(sync.update));
      this.note = note;
    }
    return response;
  }

  /** The device's state vector, as a query value. */
  vector(): string {
    return toBase64Url(Y.encodeStateVector(this.doc));
  }
}
