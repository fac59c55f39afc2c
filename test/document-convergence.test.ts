import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../bench/note-text.js';
import { call, createNote, listNotes, signUp } from './helpers/api-client.js';
import { DocumentDevice } from './helpers/document-device.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let token: string;
beforeEach(async () => {
  server = await startTestServer();
  token = await signUp(server.url);
});
afterEach(async () => server.close());

interface Writer {
  device: DocumentDevice;
  online: boolean;
  /** Words it typed, each unique to the whole run. */
  typed: string[];
}

/** Saves as Quire's client does: a note deleted elsewhere is brought back from the trash first. */
async function save(writer: Writer): Promise<void> {
  const answer = await writer.device.save();
  if (answer.status === 200) return;
  expect(answer.json.code).toBe('in_trash');
  const id = writer.device.note.id;
  expect((await call(server.url, 'POST', `/api/trash/${id}/restore`, { token })).status).toBe(200);
  expect((await writer.device.save()).status).toBe(200);
}

/** Where " word" can go without splitting or joining another word: before a space, or at the end. */
function boundaries(text: string): number[] {
  const spots: number[] = [];
  for (let i = 0; i < text.length; i++) if (text[i] === ' ') spots.push(i);
  spots.push(text.length);
  return spots;
}

/** The words typed in a run that a text holds, each with where it starts (its space). */
const typedWords = (text: string) => [...text.matchAll(/ (w\d+x\d+)(?= |$)/g)];

describe('three devices with offline gaps, deletes and restores', () => {
  for (const seed of [1, 2, 3]) {
    it(`end with one text holding every word none of them removed (seed ${seed})`, async () => {
      const next = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
      const created = await createNote(server.url, token, 'start');
      const writers: Writer[] = [];
      for (let i = 0; i < 3; i++) {
        const device = await DocumentDevice.open(server.url, token, created);
        writers.push({ device, online: true, typed: [] });
      }
      const removed = new Set<string>();
      let words = 0;

      for (let step = 0; step < 60; step++) {
        const writer = pick(writers);
        const roll = next();
        if (roll < 0.5) {
          const word = `w${seed}x${words++}`;
          writer.device.type(pick(boundaries(writer.device.text)), ` ${word}`);
          writer.typed.push(word);
        } else if (roll < 0.6) {
          // Removes a whole word it sees, with the space before it.
          const seen = typedWords(writer.device.text);
          if (seen.length > 0) {
            const word = pick(seen);
            writer.device.remove(word.index, word[0].length);
            removed.add(word[1] as string);
          }
        } else if (roll < 0.75) {
          writer.online = !writer.online;
        } else if (roll < 0.8) {
          await call(server.url, 'DELETE', `/api/notes/${created.id}`, { token });
        } else if (roll < 0.83) {
          await call(server.url, 'POST', `/api/trash/${created.id}/restore`, { token });
        }
        if (writer.online) {
          await save(writer);
          await writer.device.catchUp();
        }
      }

      for (const writer of writers) await save(writer);
      for (const writer of writers) await writer.device.catchUp();
      const texts = new Set(writers.map((writer) => writer.device.text));
      expect(texts.size).toBe(1);
      const [text = ''] = texts;
      const listed = await listNotes(server.url, token);
      expect(listed.find((note) => note.id === created.id)?.body).toBe(text);
      for (const word of writers.flatMap((writer) => writer.typed)) {
        if (!removed.has(word)) expect(text.split(' ')).toContain(word);
      }
      for (const word of removed) expect(text.split(' ')).not.toContain(word);
    });
  }
});
