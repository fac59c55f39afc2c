import { afterEach, describe, expect, it } from 'vitest';
import { keepHouse } from '../src/server/notes/history-policy.js';
import type { Note } from '../src/shared/note.js';
import type { TrashedNote, VersionSummary } from '../src/shared/note-history.js';
import { call, createNote, listNotes, signUp, updateNote } from './helpers/api-client.js';
import { LiveTestClient } from './helpers/live-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;
let server: TestServer;
let now = 1_800_000_000;
const sockets: LiveTestClient[] = [];

async function start(): Promise<string> {
  now = 1_800_000_000;
  server = await startTestServer({ app: { clock: () => now } });
  return signUp(server.url);
}
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await server.close();
});

const versionsOf = async (token: string, id: string): Promise<VersionSummary[]> =>
  (await call(server.url, 'GET', `/api/notes/${id}/versions`, { token })).json.results;

/** Every body a note was stored with, by revision, as the typing below saved them. */
const typed = new Map<number, string>();

/** Types `count` saves, one every `everySeconds`, starting from `note`. */
async function typeInto(token: string, note: Note, count: number, everySeconds: number) {
  let current = note;
  for (let i = 0; i < count; i += 1) {
    now += everySeconds;
    // Deletions and emoji in the middle as well as typing at the end.
    const old = Array.from(current.body);
    const middle = Math.floor(old.length / 2);
    const body =
      i % 7 === 3 && old.length > 0
        ? [...old.slice(0, middle), ...old.slice(middle + 1)].join('')
        : i % 5 === 2
          ? [...old.slice(0, middle), '😀', ...old.slice(middle)].join('')
          : `${current.body}${i % 10} `;
    current = await updateNote(server.url, token, { ...current, body });
    typed.set(current.revision, current.body);
  }
  return current;
}

/** A small seeded generator, so a failing script can be run again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('history', () => {
  it('lists a version at each pause in typing, not at each keystroke', async () => {
    const token = await start();
    const note = await createNote(server.url, token);
    let last = await typeInto(token, note, 40, 1); // a save every second: no pause
    const whileTyping = await versionsOf(token, note.id);
    now += 5; // a pause
    last = await typeInto(token, last, 3, 1);
    const versions = await versionsOf(token, note.id);
    expect(versions.length).toBe(whileTyping.length + 1);
    // The text that stood through the pause is the newest version listed, exactly.
    const paused = versions[0] as VersionSummary;
    const path = `/api/notes/${note.id}/versions/${paused.revision}`;
    expect((await call(server.url, 'GET', path, { token })).json.body).toBe(
      typed.get(last.revision - 3),
    );
    expect(versions.map((v) => v.revision)).toEqual(
      [...versions.map((v) => v.revision)].sort((a, b) => b - a),
    );
    // Every revision of the last hour can still be read exactly, as a merge base.
    for (let revision = 2; revision < last.revision; revision += 1) {
      const path = `/api/notes/${note.id}/versions/${revision}`;
      const version = await call(server.url, 'GET', path, { token });
      expect(version.json).toMatchObject({ id: note.id, revision, body: typed.get(revision) });
    }
  });

  it('lists any text that stood two seconds before it was removed, after thinning too', async () => {
    const token = await start();
    let note = await createNote(server.url, token);
    // Words come and go, a save every second or two and no longer pause: each word is unique,
    // so where it stood is known.
    const random = seeded(7);
    const stood = new Map<string, number>(); // word → when it was typed
    const mustBeListed = new Set<string>();
    const words: string[] = [];
    for (let i = 0; i < 150; i += 1) {
      now += random() < 0.3 ? 2 : 1;
      if (words.length > 3 && random() < 0.4) {
        const gone = words.splice(Math.floor(random() * words.length), 1)[0] as string;
        if (now - (stood.get(gone) as number) >= 2) mustBeListed.add(gone);
      } else {
        const word = `w${i}`;
        words.splice(Math.floor(random() * (words.length + 1)), 0, word);
        stood.set(word, now);
      }
      note = await updateNote(server.url, token, { ...note, body: words.join(' ') });
    }
    const listedText = async () => {
      const versions = await versionsOf(token, note.id);
      const bodies = await Promise.all(
        versions.map(
          async (v) =>
            (
              await call(server.url, 'GET', `/api/notes/${note.id}/versions/${v.revision}`, {
                token,
              })
            ).json.body as string,
        ),
      );
      return { count: versions.length, words: new Set(bodies.join(' ').split(' ')) };
    };
    const listed = await listedText();
    expect(mustBeListed.size).toBeGreaterThan(20);
    for (const word of mustBeListed) expect(listed.words.has(word), word).toBe(true);
    // Far fewer entries than saves.
    expect(listed.count).toBeLessThan(150 / 2);

    const thinned = await keepHouse(
      server.database.db,
      { historyDays: 90, trashDays: 30 },
      now + 2 * 60 * MINUTE,
    );
    expect(thinned.thinned).toBeGreaterThan(0);
    const after = await listedText();
    expect(after.count).toBe(listed.count);
    expect([...after.words].sort()).toEqual([...listed.words].sort());
  });

  it('keeps a document for good, folding its log after an hour; a save from before that is a conflict', async () => {
    const token = await start();
    const db = server.database.db;
    const logged = async () =>
      (await db.selectFrom('note_sync_updates').select('revision').execute()).length;
    const note = await createNote(server.url, token);
    const base = await updateNote(server.url, token, { ...note, body: 'list' });
    now += 5;
    const theirs = await updateNote(server.url, token, { ...base, body: 'list milk' });
    now += 5;
    const merged = await updateNote(server.url, token, { ...base, body: 'list eggs' });
    expect(['list eggs milk', 'list milk eggs']).toContain(merged.body);
    expect(await logged()).toBe(3);

    now += 2 * 60 * MINUTE;
    expect((await keepHouse(db, { historyDays: 90, trashDays: 30 }, now)).documents).toBe(1);
    expect(await logged()).toBe(0);
    // The document reads the same, and saves go on through it.
    now += 5;
    const later = await updateNote(server.url, token, { ...merged, body: `${merged.body} tea` });
    expect(later.body).toBe(`${merged.body} tea`);
    // A device still on a revision the log no longer reaches: its text wins, the stored is kept.
    now += 5;
    const late = await call(server.url, 'PUT', '/api/notes', {
      token,
      body: { ...theirs, body: 'shopping list milk' },
    });
    expect(late.json).toMatchObject({ body: 'shopping list milk', revision: later.revision + 1 });
    const versions = await versionsOf(token, note.id);
    expect(versions.find((v) => v.reason === 'conflict')?.revision).toBe(later.revision);
  });

  it('merges a save whose base is many keystrokes old', async () => {
    const token = await start();
    const note = await createNote(server.url, token);
    const base = await updateNote(server.url, token, { ...note, body: 'Title\n\nbody\n' });
    let current = base;
    for (let i = 0; i < 40; i += 1) {
      now += 2;
      current = await updateNote(server.url, token, { ...current, body: `${current.body}${i} ` });
    }
    const late = await updateNote(server.url, token, { ...base, body: 'New title\n\nbody\n' });
    expect(late).toMatchObject({
      body: `New t${current.body.slice(1)}`,
      revision: current.revision + 1,
    });
  });

  it('restores a version as a new revision, keeping the text it replaces, live', async () => {
    const token = await start();
    const socket = await LiveTestClient.connect(server.socketUrl, token);
    sockets.push(socket);
    const note = await createNote(server.url, token);
    const first = await updateNote(server.url, token, { ...note, body: 'first draft' });
    now += 10 * MINUTE;
    const second = await updateNote(server.url, token, { ...first, body: 'rewritten' });
    const restore = await call(server.url, 'POST', `/api/notes/${note.id}/restore`, {
      token,
      body: { revision: first.revision },
    });
    expect(restore.status).toBe(200);
    expect(restore.json).toMatchObject({ body: 'first draft', revision: second.revision + 1 });
    const event = await socket.next((m) => m.event === 'update' && m.payload.revision === 4);
    expect(event.payload).toEqual(restore.json);
    const versions = await versionsOf(token, note.id);
    expect(versions[0]).toMatchObject({ revision: second.revision, reason: 'restore' });
    const replaced = await call(server.url, 'GET', `/api/notes/${note.id}/versions/3`, { token });
    expect(replaced.json.body).toBe('rewritten');
  });

  it('says what each listed version added and removed, and its first changed words', async () => {
    const token = await start();
    let note = await createNote(server.url, token, 'Packing list');
    for (const body of [
      'Packing list: passport, tickets',
      'Packing list: passport',
      'Packing list: passport, charger',
    ]) {
      now += 10; // each text stands through a pause, so each is listed
      note = await updateNote(server.url, token, { ...note, body });
    }
    const versions = await versionsOf(token, note.id);
    expect(versions.map((version) => version.change)).toEqual([
      { wordsAdded: 0, wordsRemoved: 1, firstChanged: { text: 'tickets', removed: true } },
      {
        wordsAdded: 2,
        wordsRemoved: 0,
        firstChanged: { text: 'passport, tickets', removed: false },
      },
      { wordsAdded: 2, wordsRemoved: 0, firstChanged: { text: 'Packing list', removed: false } },
    ]);
  });

  it('answers 404 for another user’s note and for an unknown version, 400 for a bad one', async () => {
    const token = await start();
    const other = await signUp(server.url);
    const note = await createNote(server.url, token, 'private');
    for (const path of [`/api/notes/${note.id}/versions`, `/api/notes/${note.id}/versions/1`]) {
      expect((await call(server.url, 'GET', path, { token: other })).status).toBe(404);
    }
    const restore = await call(server.url, 'POST', `/api/notes/${note.id}/restore`, {
      token: other,
      body: { revision: 1 },
    });
    expect(restore.status).toBe(404);
    expect(
      (await call(server.url, 'GET', `/api/notes/${note.id}/versions/7`, { token })).status,
    ).toBe(404);
    for (const bad of ['0', 'abc', '1.5', '-1', '99999999999999999999']) {
      const response = await call(server.url, 'GET', `/api/notes/${note.id}/versions/${bad}`, {
        token,
      });
      expect(response.status, bad).toBe(400);
      expect(response.json.code).toBe('invalid_input');
    }
    for (const body of [{}, { revision: '1' }, { revision: 0 }, { revision: 1, extra: true }]) {
      const response = await call(server.url, 'POST', `/api/notes/${note.id}/restore`, {
        token,
        body,
      });
      expect(response.status).toBe(400);
    }
    expect(await listNotes(server.url, token)).toEqual([note]);
  });
});

describe('the trash', () => {
  it('takes a deleted note out of the list and gives it back, live', async () => {
    const token = await start();
    const socket = await LiveTestClient.connect(server.socketUrl, token);
    sockets.push(socket);
    const note = await createNote(server.url, token, 'keep me');
    expect((await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token })).status).toBe(204);
    expect(await socket.next((m) => m.event === 'delete')).toEqual({
      event: 'delete',
      payload: note.id,
    });
    expect(await listNotes(server.url, token)).toEqual([]);
    const trash = (await call(server.url, 'GET', '/api/trash', { token })).json
      .results as TrashedNote[];
    expect(trash).toEqual([{ ...note, revision: 2, timeDeleted: now }]);

    now += MINUTE;
    const restored = await call(server.url, 'POST', `/api/trash/${note.id}/restore`, { token });
    expect(restored.json).toMatchObject({
      id: note.id,
      body: 'keep me',
      revision: 3,
      timeLastModified: note.timeLastModified,
    });
    expect(
      (await socket.next((m) => m.event === 'update' && m.payload.revision === 3)).payload,
    ).toEqual(restored.json);
    expect(await listNotes(server.url, token)).toEqual([restored.json]);
    expect((await call(server.url, 'GET', '/api/trash', { token })).json.results).toEqual([]);
    // The delete is listed once; bringing the same text back adds no entry of its own.
    expect((await versionsOf(token, note.id)).map((v) => [v.revision, v.reason])).toEqual([
      [1, 'delete'],
    ]);
  });

  it('puts a restored note back in its place in the list, with its modified time', async () => {
    const token = await start();
    const titles = ['oldest', 'middle', 'newest'];
    const made: Note[] = [];
    for (const title of titles) {
      now += MINUTE;
      made.push(await createNote(server.url, token, title));
    }
    const listedBodies = async () => (await listNotes(server.url, token)).map((n) => n.body);
    expect(await listedBodies()).toEqual(['newest', 'middle', 'oldest']);
    const middle = made[1]!;
    now += MINUTE;
    expect((await call(server.url, 'DELETE', `/api/notes/${middle.id}`, { token })).status).toBe(
      204,
    );
    now += MINUTE;
    const socket = await LiveTestClient.connect(server.socketUrl, token);
    sockets.push(socket);
    const restored = await call(server.url, 'POST', `/api/trash/${middle.id}/restore`, { token });
    expect(restored.json.timeLastModified).toBe(middle.timeLastModified);
    const live = await socket.next((m) => m.event === 'update');
    expect(live.payload).toEqual(restored.json);
    expect(await listedBodies()).toEqual(['newest', 'middle', 'oldest']);
  });

  it('deletes for good one note or the whole trash, and only from the trash', async () => {
    const token = await start();
    const [a, b, c] = [
      await createNote(server.url, token, 'a'),
      await createNote(server.url, token, 'b'),
      await createNote(server.url, token, 'c'),
    ];
    expect((await call(server.url, 'DELETE', `/api/trash/${a.id}`, { token })).status).toBe(404);
    for (const note of [a, b]) await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token });
    expect((await call(server.url, 'DELETE', `/api/trash/${a.id}`, { token })).status).toBe(204);
    expect((await call(server.url, 'POST', `/api/trash/${a.id}/restore`, { token })).status).toBe(
      404,
    );
    const other = await signUp(server.url);
    expect((await call(server.url, 'DELETE', `/api/trash/${b.id}`, { token: other })).status).toBe(
      404,
    );
    expect((await call(server.url, 'DELETE', '/api/trash', { token: other })).status).toBe(204);
    expect((await call(server.url, 'GET', '/api/trash', { token })).json.results).toHaveLength(1);
    expect((await call(server.url, 'DELETE', '/api/trash', { token })).status).toBe(204);
    expect((await call(server.url, 'GET', '/api/trash', { token })).json.results).toEqual([]);
    expect(await listNotes(server.url, token)).toEqual([c]);
  });
});

describe('housekeeping', () => {
  it('thins revisions after an hour, expires old snapshots but the newest, purges old trash', async () => {
    const token = await start();
    const policy = { historyDays: 90, trashDays: 30 };
    const note = await createNote(server.url, token);
    let last = await typeInto(token, note, 30, 1);
    for (let burst = 0; burst < 12; burst += 1) {
      now += 10 * MINUTE;
      last = await typeInto(token, last, 1, 1);
    }
    const snapshots = (await versionsOf(token, note.id)).length;
    const db = server.database.db;
    const rows = async () =>
      (await db.selectFrom('note_versions').select('revision').execute()).length;
    expect(await rows()).toBe(last.revision - 1);

    const thinned = await keepHouse(db, policy, now + 2 * 60 * MINUTE);
    expect(thinned.thinned).toBe(last.revision - 1 - snapshots);
    expect((await versionsOf(token, note.id)).length).toBe(snapshots);

    const doomed = await createNote(server.url, token, 'old trash');
    await call(server.url, 'DELETE', `/api/notes/${doomed.id}`, { token });
    const later = await keepHouse(db, policy, now + 91 * DAY);
    expect(later.expired).toBe(snapshots - 10);
    expect(later.purged).toBe(1);
    expect((await versionsOf(token, note.id)).length).toBe(10);
    expect((await call(server.url, 'GET', '/api/trash', { token })).json.results).toEqual([]);
    expect((await listNotes(server.url, token)).map((n) => n.body)).toEqual([last.body]);
  });
});
