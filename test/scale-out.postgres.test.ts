import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLOSE_UNAUTHORIZED } from '../src/shared/live-message.js';
import type { Note } from '../src/shared/note.js';
import { call, createNote, listNotes, signUp, updateNote } from './helpers/api-client.js';
import { expectOnlyNext, updateOf } from './helpers/live-client.js';
import { adminQuery } from './helpers/postgres-admin.js';
import type { TestDatabase } from './helpers/test-database.js';
import type { TestServer } from './helpers/test-server.js';
import { startTwoInstances, type TwoInstances } from './helpers/two-instances.js';

// Two instances over one database (helpers/two-instances.ts), each checking its sockets'
// sessions every 100 ms.
let instances: TwoInstances;
let database: TestDatabase;
let one: TestServer;
let two: TestServer;

beforeEach(async () => {
  instances = await startTwoInstances(100);
  ({ database, one, two } = instances);
});
afterEach(async () => instances?.close());

const connect = (server: TestServer, token: string) => instances.connect(server, token);

/** Ends the LISTEN connections of both instances, as a network failure or restart would. */
async function killListeners(): Promise<number> {
  const name = new URL(database.url).pathname.slice(1);
  const { rowCount } = await adminQuery(
    `select pg_terminate_backend(pid) from pg_stat_activity
     where datname = '${name}' and application_name = 'quire live listener'`,
  );
  return rowCount ?? 0;
}

describe('two instances on one database', () => {
  it('deliver what is changed through one to the sockets of the other, and its own once', async () => {
    const token = await signUp(one.url);
    const [onOne, onTwo] = [await connect(one, token), await connect(two, token)];

    const note = await createNote(two.url, token, 'made on two');
    for (const live of [onOne, onTwo]) {
      expect(await live.next()).toEqual({ event: 'update', payload: note });
    }
    // Far over NOTIFY's 8000-byte payload limit: the body travels by a read, not the notice.
    const body = `😀 مرحبا \u0000 ${'x'.repeat(1024 * 1024)}`;
    const updated = await updateNote(two.url, token, { ...note, body });
    expect(await onOne.next()).toEqual({ event: 'update', payload: updated });
    expect(await call(two.url, 'DELETE', `/api/notes/${note.id}`, { token })).toMatchObject({
      status: 204,
    });
    expect(await onOne.next()).toEqual({ event: 'delete', payload: note.id });

    // The instance that made the changes delivered each once, itself. A change made through
    // the other afterwards is notified after all of them, so any echo would be in by then.
    const marker = await createNote(one.url, token, 'made on one');
    await onTwo.next((message) => message.event === 'update' && message.payload.id === marker.id);
    expect(onTwo.messages).toEqual([
      { event: 'update', payload: updated },
      { event: 'delete', payload: note.id },
    ]);
  });

  it('deliver changes in the order they were made, to their own user only', async () => {
    const [alice, bob] = [await signUp(one.url), await signUp(two.url)];
    const [aliceLive, bobLive] = [await connect(one, alice), await connect(one, bob)];
    const made: Note[] = [];
    for (let i = 0; i < 20; i += 1) {
      made.push(await createNote(i % 2 === 0 ? one.url : two.url, alice, `note ${i}`));
    }
    for (const note of made)
      expect(await aliceLive.next()).toEqual({ event: 'update', payload: note });
    // Bob's own change, made through the other instance after all of Alice's, is notified
    // after them: any of hers would reach his socket first.
    const own = await createNote(two.url, bob, 'his own');
    expect(await expectOnlyNext(bobLive, updateOf(own.id))).toEqual({
      event: 'update',
      payload: own,
    });
  });

  it('close a socket on one when its session logs out through the other', async () => {
    const token = await signUp(one.url);
    const live = await connect(one, token);
    expect(await call(two.url, 'POST', '/api/logout', { token })).toMatchObject({ status: 204 });
    expect(await live.closed()).toBe(CLOSE_UNAUTHORIZED);
  });

  /** The id of the one account these tests make. */
  const onlyUserId = async () =>
    (await one.database.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  const neverStored = (id: string, body: string): Note => ({
    id,
    body,
    timeCreated: 1,
    timeLastModified: 1,
    revision: 1,
  });

  it('carry a small note in the notice itself, its text exactly', async () => {
    const token = await signUp(one.url);
    const live = await connect(one, token);
    const note = await createNote(two.url, token, 'nul \u0000 soh \u0001\u0002 😀 مرحبا');
    expect(await live.next()).toEqual({ event: 'update', payload: note });
  });

  it('take a small note from its notice, without reading it back', async () => {
    const token = await signUp(one.url);
    const live = await connect(one, token);
    // Never stored: an instance that read it back would find nothing and send nothing.
    const carried = neverStored('carried-only', 'small enough to travel');
    await two.bus.publish({ userId: await onlyUserId(), event: 'update', note: carried });
    expect(await live.next()).toEqual({ event: 'update', payload: carried });
  });

  it('skip a change to a note deleted before it could be read', async () => {
    const token = await signUp(one.url);
    const live = await connect(one, token);
    // Too large to travel in the notice, so the other instance reads it, and finds nothing.
    const gone = neverStored('never-stored', 'x'.repeat(9_000));
    await two.bus.publish({ userId: await onlyUserId(), event: 'update', note: gone });
    const note = await createNote(two.url, token, 'after');
    expect(await live.next()).toEqual({ event: 'update', payload: note });
    // And nothing later either: a change after it is the next thing to arrive.
    const later = await createNote(two.url, token, 'later');
    expect(await expectOnlyNext(live, updateOf(later.id))).toEqual({
      event: 'update',
      payload: later,
    });
  });

  it('resync their clients when the listening connection drops, and lose nothing after', async () => {
    const token = await signUp(one.url);
    const [onOne, onTwo] = [await connect(one, token), await connect(two, token)];
    expect(await killListeners()).toBe(2);
    // Made while nobody listens: its event is lost, so clients are told to refetch.
    const missed = await createNote(two.url, token, 'while nobody listened');
    for (const live of [onOne, onTwo]) {
      expect(await live.next((m) => m.event === 'ready', 10_000)).toEqual({
        event: 'ready',
        payload: null,
      });
    }
    expect(await listNotes(one.url, token)).toContainEqual(missed);

    const later = await createNote(two.url, token, 'after listening again');
    for (const live of [onOne, onTwo]) {
      expect(await live.next((m) => m.event === 'update' && m.payload.id === later.id)).toEqual({
        event: 'update',
        payload: later,
      });
    }
    // And once more, to show recovery is not a one-off.
    expect(await killListeners()).toBe(2);
    expect((await onOne.next((m) => m.event === 'ready', 10_000)).event).toBe('ready');
    const last = await updateNote(one.url, token, { ...later, body: 'last' });
    expect(await onOne.next((m) => m.event === 'update' && m.payload.body === 'last')).toEqual({
      event: 'update',
      payload: last,
    });
  });

  it('save a note from where they left it only while the other has not written it since', async () => {
    const token = await signUp(one.url);
    const note = await createNote(one.url, token, 'alpha beta gamma');
    const fromOne = await updateNote(one.url, token, { ...note, body: 'alpha beta gamma delta' });
    const fromTwo = await updateNote(two.url, token, {
      ...fromOne,
      body: 'ALPHA beta gamma delta',
    });
    // One last wrote revision 2; its next save from there merges with two's revision 3.
    const merged = await updateNote(one.url, token, {
      ...fromOne,
      body: `${fromOne.body} epsilon`,
    });
    expect(merged).toMatchObject({ body: 'ALPHA beta gamma delta epsilon', revision: 4 });
    const version = async (revision: number) =>
      (await call(one.url, 'GET', `/api/notes/${note.id}/versions/${revision}`, { token })).json;
    expect((await version(2)).body).toBe(fromOne.body);
    expect((await version(3)).body).toBe(fromTwo.body);

    // One's revision 4 sent again is no change to it, but two has written revision 5 since.
    const later = await updateNote(two.url, token, { ...merged, body: `${merged.body} zeta` });
    expect(await updateNote(one.url, token, merged)).toEqual(later);
  });

  it('merge saves from older revisions through either one by character, keeping every word', async () => {
    const token = await signUp(one.url);
    const note = await createNote(one.url, token, 'Shopping:');
    // Two devices, one on each instance, each appending to the text of its own last answer,
    // which the other's save has always moved past; then both at once, ten times.
    let a = note;
    let b = note;
    for (let i = 0; i < 10; i += 1) {
      a = await updateNote(one.url, token, { ...a, body: `${a.body} a${i}` });
      b = await updateNote(two.url, token, { ...b, body: `${b.body} b${i}` });
    }
    for (let i = 10; i < 20; i += 1) {
      [a, b] = await Promise.all([
        updateNote(one.url, token, { ...a, body: `${a.body} a${i}` }),
        updateNote(two.url, token, { ...b, body: `${b.body} b${i}` }),
      ]);
    }
    const [fromOne] = await listNotes(one.url, token);
    const [fromTwo] = await listNotes(two.url, token);
    expect(fromTwo).toEqual(fromOne);
    const words = (fromOne?.body ?? '').split(' ');
    const wordsOf = (side: string) => words.filter((word) => word.startsWith(side));
    const typed = (side: string) => Array.from({ length: 20 }, (_, i) => `${side}${i}`);
    expect(wordsOf('a')).toEqual(typed('a'));
    expect(wordsOf('b')).toEqual(typed('b'));
    const versions = await call(one.url, 'GET', `/api/notes/${note.id}/versions`, { token });
    expect(versions.json.results.map((v: { reason: string }) => v.reason)).not.toContain(
      'conflict',
    );
  });

  it('never take a note made again with the same id for the one they left', async () => {
    const token = await signUp(one.url);
    const id = '6f1c2a5e-9b1d-4c1e-8a7b-2d3e4f5a6b7c';
    const make = async (body: string) =>
      (await call(two.url, 'POST', '/api/notes', { token, body: { id, body } })).json as Note;
    const first = await make('first life');
    const left = await updateNote(one.url, token, { ...first, body: 'first life, edited' });
    // Through two: to the trash, purged, made again with its id, and brought to revision 2.
    expect((await call(two.url, 'DELETE', `/api/notes/${id}`, { token })).status).toBe(204);
    expect((await call(two.url, 'DELETE', `/api/trash/${id}`, { token })).status).toBe(204);
    const second = await make('second life');
    const again = await updateNote(two.url, token, { ...second, body: 'second life, edited' });
    expect(again.revision).toBe(left.revision);
    // One's save from its revision 2 must replace, and keep, the second life's text.
    const saved = await updateNote(one.url, token, { ...left, body: 'second life, edited!' });
    expect(saved.revision).toBe(3);
    const replaced = await call(one.url, 'GET', `/api/notes/${id}/versions/2`, { token });
    expect(replaced.json.body).toBe('second life, edited');
  });

  it('stop cleanly while listening again, leaving no connection behind', async () => {
    expect(await killListeners()).toBe(2);
    await one.close();
    await two.close();
    // Past the first retry's pause: the timer that must not reconnect fires, or not, only then.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const name = new URL(database.url).pathname.slice(1);
    const { rows } = await adminQuery(
      `select count(*)::int as count from pg_stat_activity where datname = '${name}'`,
    );
    expect(rows).toEqual([{ count: 0 }]);
  });
});

describe('presence on two instances', () => {
  it("reaches the account's windows on the other instance, and not back to the sender", async () => {
    const token = await signUp(one.url);
    const onOne = await instances.connect(one, token, true);
    const onTwo = await instances.connect(two, token, true);
    const state = Buffer.from('where the caret is').toString('base64');
    onOne.send({ event: 'presence', payload: { note: 'note-1', state } });
    expect(await onTwo.next((message) => message.event === 'presence')).toEqual({
      event: 'presence',
      payload: { note: 'note-1', state },
    });
    onTwo.send({ event: 'presence', payload: { note: 'note-2', state } });
    await onOne.next((message) => message.event === 'presence');
    expect(onOne.messages).toEqual([]);
    expect(onTwo.messages).toEqual([]);
  });
});
