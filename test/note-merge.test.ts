import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFLICT_VERSION_HEADER } from '../src/shared/api-headers.js';
import { LIVE_CLIENT_HEADER } from '../src/shared/live-message.js';
import type { Note } from '../src/shared/note.js';
import { call, createNote, listNotes, signUp, updateNote } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let token: string;

beforeEach(async () => {
  server = await startTestServer();
  token = await signUp(server.url);
});
afterEach(async () => server.close());

/** A note stored at `base`, then changed by another device to `stored`. */
async function noteChangedElsewhere(base: string, stored: string): Promise<Note> {
  const created = await createNote(server.url, token);
  const atBase = await updateNote(server.url, token, { ...created, body: base });
  await updateNote(server.url, token, { ...atBase, body: stored });
  return atBase;
}

describe('saving from an older revision', () => {
  // [case, base, stored (the other device), incoming, merged]: every word of both is kept. Where
  // both sides typed at one place, each side's run stays whole, in either order (the order of
  // the two writers' ids in the note's document).
  const cases: [string, string, string, string, string | string[]][] = [
    [
      'different paragraphs',
      'p1\n\np2',
      'p1 mine\n\np2',
      'p1\n\np2 theirs',
      'p1 mine\n\np2 theirs',
    ],
    [
      'same paragraph, different words',
      'the quick brown fox',
      'the quick red fox',
      'the slow brown fox',
      'the slow red fox',
    ],
    [
      'append while the other retitles',
      'Title\nbody',
      'Title\nbody\nmore',
      'New title\nbody',
      'New title\nbody\nmore',
    ],
    ['the same word', 'a cat sat', 'a dog sat', 'a cow sat', ['a cowdog sat', 'a dogcow sat']],
    [
      'inserted at the same place',
      'list',
      'list milk',
      'list eggs',
      ['list eggs milk', 'list milk eggs'],
    ],
    [
      'appended lines',
      '- bread\n',
      '- bread\n- milk\n',
      '- bread\n- eggs\n',
      ['- bread\n- eggs\n- milk\n', '- bread\n- milk\n- eggs\n'],
    ],
    [
      'two whole bodies from one base',
      '',
      'first body',
      'second body',
      ['second bodyfirst body', 'first bodysecond body'],
    ],
  ];

  it.each(cases)('merges %s', async (_name, base, stored, incoming, merged) => {
    const atBase = await noteChangedElsewhere(base, stored);
    const response = await call(server.url, 'PUT', '/api/notes', {
      token,
      body: { ...atBase, body: incoming },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: atBase.id, revision: atBase.revision + 2 });
    expect([merged].flat()).toContain(response.json.body);
    expect(await listNotes(server.url, token)).toEqual([response.json]);
    // Nothing was set aside: no conflict version, no header naming one.
    expect(response.headers.get(CONFLICT_VERSION_HEADER)).toBeNull();
    const versions = await call(server.url, 'GET', `/api/notes/${atBase.id}/versions`, { token });
    expect(versions.json.results.map((v: { reason: string }) => v.reason)).not.toContain(
      'conflict',
    );
  });

  it('keeps words typed offline inside a paragraph another device deleted', async () => {
    const base = 'Plans\n\nThe old paragraph about the garden.\n\nThe end.';
    const atBase = await noteChangedElsewhere(base, 'Plans\n\nThe end.');
    const response = await call(server.url, 'PUT', '/api/notes', {
      token,
      body: { ...atBase, body: base.replace('garden.', 'garden, and the new pond.') },
    });
    expect(response.status).toBe(200);
    const merged: string = response.json.body;
    // The deletion stands, the words typed into the paragraph stay, and so does the rest.
    expect(merged).not.toContain('old paragraph');
    expect(merged).toContain('and the new pond');
    expect(merged.startsWith('Plans\n')).toBe(true);
    expect(merged.endsWith('The end.')).toBe(true);
    expect(response.headers.get(CONFLICT_VERSION_HEADER)).toBeNull();
  });

  it('merges two devices offline for hours, each with many edits, keeping every word', async () => {
    const words = Array.from({ length: 300 }, (_, i) => `w${i}`);
    const base = words.join(' ');
    const created = await createNote(server.url, token);
    const atBase = await updateNote(server.url, token, { ...created, body: base });
    // Each device removes and adds words at scattered places.
    const offline = (side: string, seed: number) => {
      const held = [...words];
      const removed: string[] = [];
      let state = seed;
      const next = (below: number) => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return state % below;
      };
      for (let i = 0; i < 40; i++) {
        const at = 1 + next(held.length - 2);
        if (next(2) === 0) removed.push(...held.splice(at, 1));
        else held.splice(at, 0, `${side}${i}`);
      }
      return { body: held.join(' '), removed, added: held.filter((w) => w.startsWith(side)) };
    };
    const sides = [offline('a', 7), offline('b', 11)];
    let saved: Note = atBase;
    for (const side of sides) {
      saved = await updateNote(server.url, token, { ...atBase, body: side.body });
    }
    const merged = saved.body.split(' ');
    for (const side of sides) {
      for (const word of side.added) expect(merged).toContain(word);
      for (const word of side.removed) expect(merged).not.toContain(word);
    }
    expect(new Set(merged).size).toBe(merged.length);
  });

  it('takes the edit scripts an older page sent, and merges its text', async () => {
    const again = await noteChangedElsewhere('one two', 'one two three');
    const older = await call(server.url, 'PUT', '/api/notes', {
      token,
      body: { ...again, body: 'zero one two', edits: [{ at: 0, remove: 0, insert: 'zero ' }] },
    });
    expect(older.status).toBe(200);
    expect(older.json.body).toBe('zero one two three');
  });

  it("stores the text sent, whole, when an older page's edits fall inside a character", async () => {
    const created = await createNote(server.url, token, 'a😀😀b');
    const saved = await call(server.url, 'PUT', '/api/notes', {
      token,
      body: {
        ...created,
        body: 'a😀b',
        edits: [
          { at: 2, remove: 2 },
          { at: 5, remove: 0 },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.body).toBe('a😀b');
    const [stored] = await listNotes(server.url, token);
    expect(stored?.body).toBe('a😀b');
    expect(stored?.body).not.toContain('\uFFFD');
  });

  it('stores a save from the current revision exactly as sent', async () => {
    const created = await createNote(server.url, token);
    const saved = await updateNote(server.url, token, { ...created, body: 'exactly this' });
    expect(saved).toMatchObject({ body: 'exactly this', revision: 2 });
  });

  it('keeps the text a plain client (no revision) overwrites', async () => {
    const created = await createNote(server.url, token);
    await updateNote(server.url, token, { ...created, body: 'written on the phone' });
    const other = await signIn();
    const { revision: _ignored, ...plain } = created;
    const response = await call(server.url, 'PUT', '/api/notes', {
      token: other,
      body: { ...plain, body: 'written by a plain client' },
    });
    expect(response.json).toMatchObject({ body: 'written by a plain client', revision: 3 });
    const versions = await call(server.url, 'GET', `/api/notes/${created.id}/versions`, { token });
    const revisions = versions.json.results.map((v: { revision: number }) => v.revision);
    expect(revisions).toContain(2);
    const old = await call(server.url, 'GET', `/api/notes/${created.id}/versions/2`, { token });
    expect(old.json.body).toBe('written on the phone');
  });

  it('takes a save from a base the server never gave out, keeping the stored text', async () => {
    // As after restoring an older backup: the device holds a revision the server has not reached.
    const created = await createNote(server.url, token, 'stored text');
    const response = await call(server.url, 'PUT', '/api/notes', {
      token,
      body: { ...created, body: 'device text', revision: 9 },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ body: 'device text', revision: 2 });
    expect(response.headers.get(CONFLICT_VERSION_HEADER)).toBe('1');
    const kept = await call(server.url, 'GET', `/api/notes/${created.id}/versions/1`, { token });
    expect(kept.json.body).toBe('stored text');
  });

  it.each([
    ['a plain client', {}],
    ['a live client', { [LIVE_CLIENT_HEADER]: 'window-1' }],
  ])('stores text once that %s sends again from its base, its answer lost', async (_n, headers) => {
    const created = await createNote(server.url, token, 'Shopping\n');
    const text = 'Shopping\n- milk\n';
    const save = () =>
      call(server.url, 'PUT', '/api/notes', { token, headers, body: { ...created, body: text } });
    expect((await save()).json).toMatchObject({ body: text, revision: 2 });
    // Sent again from revision 1 (the answer never arrived), then once more.
    expect((await save()).json).toMatchObject({ body: text, revision: 2 });
    expect((await save()).json).toMatchObject({ body: text, revision: 2 });
  });

  it('adds no revision for a save that changes nothing', async () => {
    const created = await createNote(server.url, token, 'same');
    expect(await updateNote(server.url, token, created)).toEqual(created);
  });
});

/** A second session of the same account (another device). */
async function signIn(): Promise<string> {
  const check = await call(server.url, 'GET', '/api/check', { token });
  const login = await call(server.url, 'POST', '/api/login', {
    body: { username: check.json.email, password: 'correct horse' },
  });
  return login.text;
}

describe('concurrent saves', () => {
  it('merges twenty devices saving different lines from one base at once', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const created = await createNote(server.url, token);
    const base = await updateNote(server.url, token, { ...created, body: `${lines.join('\n')}\n` });
    const saves = lines.map((_, i) => {
      const body = `${lines.map((line, j) => (j === i ? `${line} edited` : line)).join('\n')}\n`;
      return updateNote(server.url, token, { ...base, body });
    });
    const answers = await Promise.all(saves);
    const [stored] = await listNotes(server.url, token);
    expect(stored?.body).toBe(`${lines.map((line) => `${line} edited`).join('\n')}\n`);
    expect(stored?.revision).toBe(base.revision + 20);
    expect(new Set(answers.map((note) => note.revision)).size).toBe(20);
  });
});
