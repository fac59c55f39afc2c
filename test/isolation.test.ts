import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '../src/shared/note.js';
import { call, createNote, listNotes, signUp, updateNote } from './helpers/api-client.js';
import { LiveTestClient, updateOf } from './helpers/live-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('isolation between users', () => {
  it('hides every note from another user: not listed, PUT and DELETE answer 404', async () => {
    const alice = await signUp(server.url);
    const bob = await signUp(server.url);
    const secret = await createNote(server.url, alice, 'alice only');

    expect(await listNotes(server.url, bob)).toEqual([]);
    const put = await call(server.url, 'PUT', '/api/notes', {
      token: bob,
      body: { ...secret, body: 'hijacked' },
    });
    expect(put.status).toBe(404);
    const del = await call(server.url, 'DELETE', `/api/notes/${secret.id}`, { token: bob });
    expect(del.status).toBe(404);
    expect(await listNotes(server.url, alice)).toEqual([secret]);
  });

  it('keeps 50 parallel writes by each of two users apart, over HTTP and the socket', async () => {
    const users = [await signUp(server.url), await signUp(server.url)];
    const sockets = await Promise.all(
      users.map((token) => LiveTestClient.connect(server.socketUrl, token)),
    );
    const notes = await Promise.all(users.map((token) => createNote(server.url, token, 'start')));

    const writes = users.flatMap((token, user) =>
      Array.from({ length: 50 }, async (_, i) => {
        if (i % 5 === 4) return createNote(server.url, token, `user${user} new ${i}`);
        return updateNote(server.url, token, {
          ...(notes[user] as Note),
          body: `user${user} ${i}`,
        });
      }),
    );
    await Promise.all(writes);

    for (const [user, token] of users.entries()) {
      const listed = await listNotes(server.url, token);
      expect(listed).toHaveLength(11);
      for (const note of listed) expect(note.body.startsWith(`user${user} `)).toBe(true);
    }
    // Each socket saw its own 51 updates (1 create + 50 writes) and nothing of the other user.
    // A last note of each user's, made after every write was answered, reaches their socket
    // after all of those writes' events: whatever had leaked would be in before it.
    const lasts: Note[] = [];
    for (const [user, token] of users.entries()) {
      lasts.push(await createNote(server.url, token, `user${user} last`));
    }
    for (const [user, live] of sockets.entries()) {
      const { before: received } = await live.upTo(updateOf((lasts[user] as Note).id));
      const own = (note: Note) => note.body === 'start' || note.body.startsWith(`user${user} `);
      expect(received).toHaveLength(51);
      expect(received.every((m) => m.event === 'update' && own(m.payload))).toBe(true);
      live.close();
    }
  });
});
