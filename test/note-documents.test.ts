import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { insertCheckpoint } from '../src/server/sync/document-log.js';
import { compactLogs } from '../src/server/sync/log-compaction.js';
import { fromBase64, toBase64 } from '../src/shared/base64.js';
import { LIVE_CLIENT_HEADER } from '../src/shared/live-message.js';
import { call, createNote, listNotes, signUp, updateNote } from './helpers/api-client.js';
import { DocumentDevice } from './helpers/document-device.js';
import { LiveTestClient } from './helpers/live-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let token: string;
const sockets: LiveTestClient[] = [];

beforeEach(async () => {
  server = await startTestServer();
  token = await signUp(server.url);
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await server.close();
});

describe("a device's document saves", () => {
  it('keeps what two devices type at one spot at once whole, brackets and quotes too', async () => {
    const created = await createNote(server.url, token, 'Then:');
    const a = await DocumentDevice.open(server.url, token, created);
    const b = await DocumentDevice.open(server.url, token, created);
    const runs = [' (apple) pie "quoted A" [one]', ' (banana) split "quoted B" [two]'];
    a.type(5, '');
    b.type(5, '');
    // Key by key at each one's cursor, each saving after every key, the other's saves landing
    // in between.
    for (let i = 0; i < Math.max(...runs.map((run) => run.length)); i++) {
      for (const [device, run] of [
        [a, runs[0]],
        [b, runs[1]],
      ] as const) {
        const key = run?.[i];
        if (key === undefined) continue;
        device.typeAtCursor(key);
        expect((await device.save()).status).toBe(200);
      }
    }
    await a.catchUp();
    await b.catchUp();
    const [stored] = await listNotes(server.url, token);
    expect(a.text).toBe(stored?.body);
    expect(b.text).toBe(stored?.body);
    expect([`Then:${runs[0]}${runs[1]}`, `Then:${runs[1]}${runs[0]}`]).toContain(stored?.body);
  });

  it('answers a save with what the device lacks, and adds no revision for nothing new', async () => {
    const created = await createNote(server.url, token, 'list');
    const a = await DocumentDevice.open(server.url, token, created);
    const b = await DocumentDevice.open(server.url, token, created);
    a.type(4, ' milk');
    await a.save();
    b.type(0, 'Shopping ');
    const answer = await b.save();
    expect(answer.json.sync.update).toEqual(expect.any(String));
    expect(b.text).toBe('Shopping list milk');
    expect(answer.json).toMatchObject({ body: 'Shopping list milk', revision: 3 });
    const again = await b.save();
    expect(again.json).toMatchObject({ revision: 3 });
    // The plain answer is there whole; a save without `sync` gets nothing more.
    const plain = await updateNote(server.url, token, { ...again.json, sync: undefined });
    expect(Object.keys(plain).sort()).toEqual([
      'body',
      'id',
      'revision',
      'timeCreated',
      'timeLastModified',
    ]);
  });

  it('refuses an update built on characters the server lacks, then takes the whole state', async () => {
    const created = await createNote(server.url, token, 'note');
    const a = await DocumentDevice.open(server.url, token, created);
    a.type(4, ' typed here');
    // Another device of this person got that typing before the server did, and typed after it.
    const b = await DocumentDevice.open(server.url, token, created);
    Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc));
    b.type(b.text.length, ' and more');
    const refused = await b.save();
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'missing_history' });
    expect((await listNotes(server.url, token))[0]?.body).toBe('note');
    const whole = await b.save({ whole: true });
    expect(whole.status).toBe(200);
    expect(whole.json.body).toBe('note typed here and more');
    // The first device's own save of the same characters counts them once.
    expect((await a.save()).json.body).toBe('note typed here and more');
  });

  it('refuses an update that splits a character of two UTF-16 units, and stores nothing', async () => {
    const created = await createNote(server.url, token, 'a😀😀b');
    const device = await DocumentDevice.open(server.url, token, created);
    device.type(2, 'x');
    const response = await device.save();
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'invalid_input' });
    const [stored] = await listNotes(server.url, token);
    expect(stored).toEqual(created);
    // The document is as it was: a well-made save goes through.
    const fresh = await DocumentDevice.open(server.url, token, created);
    fresh.type(6, '!');
    expect((await fresh.save()).json.body).toBe('a😀😀b!');
  });

  it('refuses updates that are not Yjs updates, with a 400 that changes nothing', async () => {
    const created = await createNote(server.url, token, 'kept');
    for (const sync of [
      { update: 'not base64!' },
      { update: 'AAAA=' },
      { update: toBase64(new Uint8Array([255, 255, 255, 255, 1, 2, 3])) },
      { update: '', vector: '%%' },
      { update: '', extra: 1 },
    ]) {
      const response = await call(server.url, 'PUT', '/api/notes', {
        token,
        body: { ...created, body: 'changed', sync },
      });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ error: expect.any(String), code: 'invalid_input' });
    }
    expect(await listNotes(server.url, token)).toEqual([created]);
  });

  it('gives a note stored before documents its seed, the same on every read, text unchanged', async () => {
    const created = await createNote(server.url, token, 'written long ago');
    const first = await DocumentDevice.open(server.url, token, created);
    // A plain client writes first: the seed the device holds is stored under its characters.
    const plain = await updateNote(server.url, token, { ...created, body: 'written long ago!' });
    expect(plain.revision).toBe(2);
    first.type(0, 'Note: ');
    const saved = await first.save();
    expect(saved.json.body).toBe('Note: written long ago!');
    const second = await DocumentDevice.open(server.url, token, created);
    expect(second.text).toBe('Note: written long ago!');
  });

  it('brings a checkpoint an earlier version left behind to the stored text, keeping every word', async () => {
    const created = await createNote(server.url, token, 'first words');
    const later = await updateNote(server.url, token, {
      ...created,
      body: 'first words, then more',
    });
    // As the earlier design left it: a document made at a merge an hour before, no log since.
    const stale = new Y.Doc();
    stale.getText('body').insert(0, 'first words');
    await server.database.db
      .deleteFrom('note_sync_updates')
      .where('note_id', '=', created.id)
      .execute();
    await server.database.db
      .deleteFrom('note_sync_checkpoints')
      .where('note_id', '=', created.id)
      .execute();
    await insertCheckpoint(server.database.db, created.id, {
      revision: 1,
      state: Y.encodeStateAsUpdate(stale),
    });
    const a = await DocumentDevice.open(server.url, token, later);
    const b = await DocumentDevice.open(server.url, token, later);
    expect(a.text).toBe('first words, then more');
    a.type(0, 'A: ');
    b.type(b.text.length, '!');
    expect((await a.save()).status).toBe(200);
    expect((await b.save()).json.body).toBe('A: first words, then more!');
  });
});

describe('an offline hour on both sides', () => {
  it('merges what two devices typed apart after the log they started from was compacted', async () => {
    const created = await createNote(server.url, token, 'Trip\nDay one\nDay two');
    const a = await DocumentDevice.open(server.url, token, created);
    const b = await DocumentDevice.open(server.url, token, created);
    // Both offline: each types all over the note; a plain client writes meanwhile.
    a.type(4, ' to Porto');
    a.type(a.text.indexOf('Day one') + 7, ': the river');
    b.type(b.text.length, ': the hills');
    b.remove(0, 4);
    b.type(0, 'Journey');
    const plain = await updateNote(server.url, token, {
      ...created,
      body: `${created.body}\nDay three`,
    });
    expect(plain.revision).toBe(2);
    // An hour on, housekeeping folds the log every device started from into the checkpoint.
    expect(await compactLogs(server.database.db, Math.floor(Date.now() / 1000) + 3600)).toBe(1);
    expect((await a.save()).status).toBe(200);
    expect((await b.save()).status).toBe(200);
    await a.catchUp();
    await b.catchUp();
    const [stored] = await listNotes(server.url, token);
    expect(a.text).toBe(stored?.body);
    expect(b.text).toBe(stored?.body);
    // Where two sides typed at one spot (after the removed "Trip", at the end), either may
    // come first; every word is there, each whole, and the removed one is gone.
    const body = stored?.body ?? '';
    for (const words of [
      'Journey',
      ' to Porto',
      'Day one: the river',
      ': the hills',
      'Day three',
    ]) {
      expect(body).toContain(words);
    }
    expect(body).not.toContain('Trip');
    expect(body.length).toBe(
      'Journey to Porto\nDay one: the river\nDay two: the hills\nDay three'.length,
    );
  });
});

describe('GET /api/notes/{id}/document', () => {
  it('answers the whole state, what came since a revision, or the state at a revision', async () => {
    const created = await createNote(server.url, token, 'one');
    const device = await DocumentDevice.open(server.url, token, created);
    device.type(3, ' two');
    await device.save();
    device.type(7, ' three');
    await device.save();
    const path = `/api/notes/${created.id}/document`;
    const whole = await call(server.url, 'GET', path, { token });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toBe('no-store');
    const doc = new Y.Doc();
    Y.applyUpdate(doc, fromBase64(whole.json.update));
    expect(doc.getText('body').toString()).toBe('one two three');
    expect(whole.json.revision).toBe(3);

    const at = await call(server.url, 'GET', `${path}?at=2`, { token });
    const base = new Y.Doc();
    Y.applyUpdate(base, fromBase64(at.json.base));
    expect(base.getText('body').toString()).toBe('one two');
    Y.applyUpdate(base, fromBase64(at.json.update));
    expect(base.getText('body').toString()).toBe('one two three');

    const since = await call(server.url, 'GET', `${path}?since=3`, { token });
    expect(since.json.update).toBe(toBase64(Y.encodeStateAsUpdate(new Y.Doc())));
  });

  it('answers 404 for another account and the trash, 400 for a bad query', async () => {
    const created = await createNote(server.url, token, 'mine');
    const other = await signUp(server.url);
    const path = `/api/notes/${created.id}/document`;
    expect((await call(server.url, 'GET', path, { token: other })).status).toBe(404);
    expect((await call(server.url, 'GET', `${path}?since=0`, { token })).status).toBe(400);
    expect((await call(server.url, 'GET', `${path}?vector=***`, { token })).status).toBe(400);
    await call(server.url, 'DELETE', `/api/notes/${created.id}`, { token });
    expect((await call(server.url, 'GET', path, { token })).status).toBe(404);
    expect((await call(server.url, 'GET', path)).status).toBe(401);
  });
});

describe('live document updates', () => {
  it('go to sockets that keep documents, beside the plain event other sockets get', async () => {
    const created = await createNote(server.url, token, 'live');
    const plain = await LiveTestClient.connect(server.socketUrl, token);
    const keeping = new LiveTestClient(server.socketUrl);
    sockets.push(plain, keeping);
    await keeping.opened();
    keeping.send({ event: 'auth', payload: token, sync: true, client: 'window-2' });
    await keeping.next((message) => message.event === 'ready');
    const device = await DocumentDevice.open(server.url, token, created);
    device.type(4, '!');
    await device.save({ headers: { [LIVE_CLIENT_HEADER]: 'window-1' } });
    const seen = await keeping.next((message) => message.event === 'update');
    expect(seen).toMatchObject({ event: 'update', payload: { body: 'live!', revision: 2 } });
    const other = await DocumentDevice.open(server.url, token, created);
    Y.applyUpdate(other.doc, fromBase64((seen as { sync: { update: string } }).sync.update));
    expect(other.text).toBe('live!');
    const event = await plain.next((message) => message.event === 'update');
    expect(Object.keys(event).sort()).toEqual(['event', 'payload']);
  });
});

describe('history', () => {
  it('lists the text a blind overwrite replaced, however young', async () => {
    const created = await createNote(server.url, token);
    const mine = await updateNote(server.url, token, { ...created, body: 'typed a moment ago' });
    const { revision: _none, ...blind } = mine;
    const response = await call(server.url, 'PUT', '/api/notes', {
      token,
      body: { ...blind, body: 'overwritten' },
    });
    expect(response.json.body).toBe('overwritten');
    const versions = await call(server.url, 'GET', `/api/notes/${created.id}/versions`, { token });
    const listed = versions.json.results.map((v: { revision: number }) => v.revision);
    expect(listed).toContain(mine.revision);
    const kept = await call(server.url, 'GET', `/api/notes/${created.id}/versions/2`, { token });
    expect(kept.json.body).toBe('typed a moment ago');
  });
});
