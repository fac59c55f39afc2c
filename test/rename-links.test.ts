import { afterEach, describe, expect, it } from 'vitest';
import type { Note } from '../src/shared/note.js';
import type { VersionSummary } from '../src/shared/note-history.js';
import { call, createNote, listNotes, signUp, updateNote } from './helpers/api-client.js';
import { LiveTestClient } from './helpers/live-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

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

/** A note with that text, written a while ago (so the text replaced next is a pause's). */
async function noteWith(token: string, body: string): Promise<Note> {
  const note = await createNote(server.url, token, body);
  now += 10;
  return note;
}

const renameLinks = (token: string, id: string, body: unknown) =>
  call(server.url, 'POST', `/api/notes/${id}/rename-links`, { token, body });

const bodies = async (token: string) =>
  new Map((await listNotes(server.url, token)).map((note) => [note.id, note.body]));

describe('POST /api/notes/{id}/rename-links', () => {
  it('points every link to the old title at the new one, keeping headings and shown text', async () => {
    const token = await start();
    const renamed = await noteWith(token, 'Lisbon\nflights');
    const trip = await noteWith(
      token,
      'Plans: [[Lisbon]], [[lisbon#Day 2]], [[Lisbon|the city]] and [[Lisbon#Food|eat]].',
    );
    const other = await noteWith(token, 'Nothing here: [[Madrid]] and Lisbon.');
    await updateNote(server.url, token, { ...renamed, body: 'Porto\nflights' });

    const answer = await renameLinks(token, renamed.id, { from: 'Lisbon', to: 'Porto' });
    expect(answer.status).toBe(200);
    expect(answer.json.count).toBe(1);
    expect(answer.json.results).toMatchObject([{ id: trip.id, revision: trip.revision + 1 }]);
    const stored = await bodies(token);
    expect(stored.get(trip.id)).toBe(
      'Plans: [[Porto]], [[Porto#Day 2]], [[Porto|the city]] and [[Porto#Food|eat]].',
    );
    expect(stored.get(other.id)).toBe(other.body);
    expect(stored.get(renamed.id)).toBe('Porto\nflights');
  });

  it('keeps the text it replaced in the note’s history, as a new revision', async () => {
    const token = await start();
    const renamed = await noteWith(token, 'Lisbon');
    const trip = await noteWith(token, 'See [[Lisbon]]');
    await updateNote(server.url, token, { ...renamed, body: 'Porto' });
    await renameLinks(token, renamed.id, { from: 'Lisbon', to: 'Porto' });

    const versions = await call(server.url, 'GET', `/api/notes/${trip.id}/versions`, { token });
    const listed = versions.json.results as VersionSummary[];
    expect(listed.map((version) => version.revision)).toContain(trip.revision);
    const old = await call(server.url, 'GET', `/api/notes/${trip.id}/versions/${trip.revision}`, {
      token,
    });
    expect(old.json.body).toBe('See [[Lisbon]]');
  });

  it('sends each changed note live, to the asking window too', async () => {
    const token = await start();
    const renamed = await noteWith(token, 'Lisbon');
    const trip = await noteWith(token, 'See [[Lisbon]]');
    const socket = await LiveTestClient.connect(server.socketUrl, token);
    sockets.push(socket);
    await renameLinks(token, renamed.id, { from: 'Lisbon', to: 'Porto' });
    const event = await socket.next((m) => m.event === 'update' && m.payload.id === trip.id);
    expect(event.payload).toMatchObject({ body: 'See [[Porto]]', revision: trip.revision + 1 });
  });

  it('merges with a save made from an older revision meanwhile, like any edit', async () => {
    const token = await start();
    const renamed = await noteWith(token, 'Lisbon');
    const trip = await noteWith(token, 'See [[Lisbon]]');
    await renameLinks(token, renamed.id, { from: 'Lisbon', to: 'Porto' });
    // Another device, still at the revision before the rewrite, adds a line.
    const merged = await updateNote(server.url, token, {
      ...trip,
      body: 'See [[Lisbon]]\nand pack light',
    });
    expect(merged.body).toBe('See [[Porto]]\nand pack light');
  });

  it('follows the renamed note’s own links to itself once it goes by the new name', async () => {
    const token = await start();
    const renamed = await noteWith(token, 'Lisbon\nback to [[Lisbon#Top|the top]]');
    const trip = await noteWith(token, 'See [[Lisbon]]');
    await updateNote(server.url, token, {
      ...renamed,
      body: 'Porto\nback to [[Lisbon#Top|the top]]',
    });
    const answer = await renameLinks(token, renamed.id, { from: 'Lisbon', to: 'Porto' });
    expect(answer.json.count).toBe(2);
    const stored = await bodies(token);
    expect(stored.get(renamed.id)).toBe('Porto\nback to [[Porto#Top|the top]]');
    expect(stored.get(trip.id)).toBe('See [[Porto]]');
  });

  it('leaves links in code, links of other accounts, and a note still going by the name, alone', async () => {
    const token = await start();
    const stranger = await signUp(server.url);
    const renamed = await noteWith(token, 'Lisbon\nback to [[Lisbon]]');
    const code = await noteWith(token, 'Code `[[Lisbon]]`\n\n```\n[[Lisbon]]\n```\n');
    const theirs = await createNote(server.url, stranger, 'Their [[Lisbon]]');
    const answer = await renameLinks(token, renamed.id, { from: 'Lisbon', to: 'Porto' });
    expect(answer.json).toEqual({ count: 0, results: [] });
    expect((await bodies(token)).get(code.id)).toBe(code.body);
    expect((await bodies(token)).get(renamed.id)).toBe(renamed.body);
    expect((await bodies(stranger)).get(theirs.id)).toBe('Their [[Lisbon]]');
    // Nor can one account rename through another's note.
    const intruding = await renameLinks(stranger, renamed.id, { from: 'Lisbon', to: 'Porto' });
    expect(intruding.status).toBe(404);
    expect(intruding.json.code).toBe('not_found');
  });

  it('leaves links that still lead to another note of the old name', async () => {
    const token = await start();
    const renamed = await noteWith(token, 'Lisbon');
    await noteWith(token, '---\naliases: [lisbon]\n---\nCity guide');
    const trip = await noteWith(token, 'See [[Lisbon]]');
    const answer = await renameLinks(token, renamed.id, { from: 'Lisbon', to: 'Porto' });
    expect(answer.json.count).toBe(0);
    expect((await bodies(token)).get(trip.id)).toBe(trip.body);
  });

  it('takes the rename back with the names swapped, in the notes it changed only', async () => {
    const token = await start();
    const renamed = await noteWith(token, 'Lisbon');
    const trip = await noteWith(token, 'See [[Lisbon#Day 2|day two]]');
    await updateNote(server.url, token, { ...renamed, body: 'Porto' });
    const done = await renameLinks(token, renamed.id, { from: 'Lisbon', to: 'Porto' });
    // A link written to the new name after the rename is not the rename's to take back.
    const later = await noteWith(token, 'Also [[Porto]]');
    const undone = await renameLinks(token, renamed.id, {
      from: 'Porto',
      to: 'Lisbon',
      only: done.json.results.map((note: Note) => note.id),
    });
    expect(undone.json).toMatchObject({ count: 1, results: [{ id: trip.id }] });
    expect(undone.json.results[0].revision).toBe(trip.revision + 2);
    const stored = await bodies(token);
    expect(stored.get(trip.id)).toBe('See [[Lisbon#Day 2|day two]]');
    expect(stored.get(later.id)).toBe('Also [[Porto]]');
  });

  it('does nothing for a name equal to the old one by link rules', async () => {
    const token = await start();
    const renamed = await noteWith(token, 'Lisbon');
    const trip = await noteWith(token, 'See [[Lisbon]]');
    const answer = await renameLinks(token, renamed.id, { from: 'Lisbon', to: ' LISBON ' });
    expect(answer.json).toEqual({ count: 0, results: [] });
    expect((await bodies(token)).get(trip.id)).toBe(trip.body);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const token = await start();
    const renamed = await noteWith(token, 'Lisbon');
    const trip = await noteWith(token, 'See [[Lisbon]]');
    const bad: unknown[] = [
      { from: 'Lisbon', to: '' },
      { from: 'Lisbon', to: '   ' },
      { from: 'Lisbon', to: 'Meeting #1' },
      { from: 'Lisbon', to: 'a]]b' },
      { from: 'Lisbon' },
      { from: 'Lisbon', to: 'Porto', extra: 1 },
      { from: 'Lisbon', to: 7 },
      { from: 'Lisbon', to: 'Porto', only: 'all' },
      { from: 'Lisbon', to: 'x'.repeat(401) },
      '{"from":',
    ];
    for (const body of bad) {
      const answer = await renameLinks(token, renamed.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json).toMatchObject({ code: 'invalid_input', error: expect.any(String) });
    }
    const missing = await renameLinks(token, 'no-such-note', { from: 'Lisbon', to: 'Porto' });
    expect(missing.status).toBe(404);
    expect((await bodies(token)).get(trip.id)).toBe(trip.body);
  });
});
