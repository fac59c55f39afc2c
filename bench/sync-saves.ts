/**
 * Quire's own save, as its web client makes it: a keystroke's Yjs update beside the whole
 * note, revision tracked, one save in flight per note. A long closed-loop run in windows, so a
 * write path that slows as its log grows shows as a falling rate from the first window to the
 * last.
 */
import * as Y from 'yjs';
import { toBase64 } from '../src/shared/base64.js';
import { NOTE_DOCUMENT_TEXT } from '../src/shared/note-document.js';
import { createNote, inParallel, signUp } from './api.js';
import { runLoad } from './load-run.js';
import { noteText, seededRandom } from './note-text.js';
import { buildRequest } from './raw-http.js';
import type { ServerProcess } from './server-process.js';
import type { Settings } from './settings.js';

export interface SyncSaveWindow {
  /** Seconds into the run the window starts. */
  from: number;
  perSecond: number;
  p99: number;
  errors: number;
}

interface OpenNote {
  id: string;
  doc: Y.Doc;
  revision: number;
}

async function openNote(server: ServerProcess, token: string, body: string): Promise<OpenNote> {
  const note = await createNote(server.url, token, body);
  const response = await fetch(`${server.url}/api/notes/${note.id}/document`, {
    headers: { token },
  });
  if (response.status !== 200) throw new Error(`document: ${response.status}`);
  const answer = (await response.json()) as { revision: number; update: string };
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Buffer.from(answer.update, 'base64'));
  return { id: note.id, doc, revision: answer.revision };
}

export async function measureSyncSaves(
  server: ServerProcess,
  label: string,
  s: Settings,
): Promise<SyncSaveWindow[]> {
  const token = await signUp(server.url, `sync-${label.replace(/\W+/g, '-')}@bench.test`);
  const random = seededRandom(11);
  const bodies = Array.from({ length: s.listNotes }, (_, i) =>
    noteText(random, s.noteBytes, `Typed note ${i}`),
  );
  const notes = await inParallel(bodies, 8, (body) => openNote(server, token, body));
  const headers = { 'content-type': 'application/json', token };
  // Notes are taken in turn, a thousand apart: a note's next save is built long after its
  // last one was answered, so its revision is known without reading the answer.
  const request = (n: number) => {
    const note = notes[n % notes.length] as OpenNote;
    const text = note.doc.getText(NOTE_DOCUMENT_TEXT);
    let update: Uint8Array = new Uint8Array();
    note.doc.once('update', (typed: Uint8Array) => {
      update = typed;
    });
    text.insert(text.length, n % 7 === 0 ? ' ' : 'k');
    const body = JSON.stringify({
      id: note.id,
      body: text.toString(),
      revision: note.revision,
      sync: { update: toBase64(update), vector: toBase64(Y.encodeStateVector(note.doc)) },
    });
    note.revision += 1;
    return buildRequest('PUT', '/api/notes', headers, body);
  };
  const windows: SyncSaveWindow[] = [];
  for (let from = 0; from < s.syncSaveSeconds; from += s.syncSaveWindowSeconds) {
    const run = await runLoad({
      port: server.port,
      serverPid: server.pid,
      connections: s.connections,
      warmupMs: 0,
      durationMs: s.syncSaveWindowSeconds * 1000,
      expectStatus: 200,
      request,
    });
    windows.push({ from, perSecond: run.perSecond, p99: run.latency.p99, errors: run.errors });
  }
  return windows;
}
