import WebSocket from 'ws';
import { createNote, inParallel, signUp } from './api.js';
import { noteText, seededRandom } from './note-text.js';
import { buildRequest, RawConnection } from './raw-http.js';
import type { ServerProcess } from './server-process.js';
import type { Settings } from './settings.js';
import { type LatencySummary, summarize } from './stats.js';

const MARKER = /⟨(\d+)⟩$/;
/** An event not delivered this long after the last keystroke's answer is counted as lost. */
const LOST_AFTER_MS = 5_000;

export interface TypingResult {
  keystrokes: number;
  /** From sending a keystroke's PUT to each listening socket receiving its update. */
  event: LatencySummary;
  /** The PUT's own answer time. */
  put: LatencySummary;
  lost: number;
}

function listen(url: string, token: string, onMessage: (text: string) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.once('open', () => socket.send(JSON.stringify({ event: 'auth', payload: token })));
    socket.once('error', reject);
    socket.once('message', () => {
      socket.on('message', (data) => onMessage(data.toString()));
      resolve(socket);
    });
  });
}

/**
 * One user types into a 1 KB note at a steady rate, one save per keystroke (at most one in
 * flight, as the client does), while `typingListeners` sockets of that user listen.
 */
export async function measureTyping(server: ServerProcess, s: Settings): Promise<TypingResult> {
  const token = await signUp(server.url, 'typist@bench.test');
  const text = noteText(seededRandom(3), s.noteBytes, 'Typed note');
  const note = await createNote(server.url, token, text);
  const sentAt = new Map<number, number>();
  const event: number[] = [];
  const put: number[] = [];
  let delivered = 0;
  const expected = Math.round(s.typingSeconds * s.typingKeysPerSecond) * s.typingListeners;
  let everyEventIn = () => {};
  const allDelivered = new Promise<void>((resolve) => {
    everyEventIn = resolve;
  });
  const onMessage = (message: string) => {
    const at = performance.now();
    const payload = (JSON.parse(message) as { payload?: { body?: string } }).payload;
    const match = MARKER.exec(payload?.body ?? '');
    const sent = match ? sentAt.get(Number(match[1])) : undefined;
    if (sent === undefined) return;
    event.push(at - sent);
    delivered += 1;
    if (delivered === expected) everyEventIn();
  };
  const url = `${server.url.replace(/^http/, 'ws')}/socket`;
  const listeners = await inParallel(
    Array.from({ length: s.typingListeners }, (_, i) => i),
    10,
    () => listen(url, token, onMessage),
  );
  const connection = new RawConnection(server.port);
  const headers = { 'content-type': 'application/json', token };
  const gapMs = 1000 / s.typingKeysPerSecond;
  const total = Math.round(s.typingSeconds * s.typingKeysPerSecond);
  try {
    const start = performance.now();
    for (let k = 0; k < total; k += 1) {
      const due = start + k * gapMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const body = JSON.stringify({ id: note.id, body: `${text}${'x'.repeat(k % 50)}⟨${k}⟩` });
      const request = buildRequest('PUT', '/api/notes', headers, body);
      const begin = performance.now();
      sentAt.set(k, begin);
      const response = await connection.request(request);
      put.push(performance.now() - begin);
      if (response.status !== 200) throw new Error(`typing PUT answered ${response.status}`);
    }
    // Every listener's last event, or a deadline past which the missing ones count as lost.
    let deadline: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      allDelivered,
      new Promise((resolve) => {
        deadline = setTimeout(resolve, LOST_AFTER_MS);
      }),
    ]);
    clearTimeout(deadline);
  } finally {
    connection.close();
    for (const socket of listeners) socket.terminate();
  }
  return {
    keystrokes: total,
    event: summarize(event),
    put: summarize(put),
    lost: total * s.typingListeners - delivered,
  };
}
