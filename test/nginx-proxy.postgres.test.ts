import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '../src/shared/note.js';
import { call, createNote, listNotes, uniqueEmail, updateNote } from './helpers/api-client.js';
import { LiveTestClient } from './helpers/live-client.js';
import { findNginx, freePort, type RunningNginx, startNginx } from './helpers/nginx.js';
import { REPO_ROOT, type ServerProcess, spawnServer } from './helpers/server-process.js';
import { createPostgresDatabase, type TestDatabase } from './helpers/test-database.js';

// Two `quire serve` processes on one PostgreSQL database behind nginx, configured with the
// very site that docs/deployment.md shows (only its ports changed).
const nginxBinary = findNginx();
if (!nginxBinary) {
  console.warn("nginx tests skipped: install Debian's nginx (apt-get install nginx) to run them");
}

/** The sample site from the deployment page, pointed at these instances and this port. */
function siteFromDocs(instancePorts: number[], port: number): string {
  const page = fs.readFileSync(path.join(REPO_ROOT, 'docs/deployment.md'), 'utf8');
  let site = /```nginx\n([\s\S]*?)```/.exec(page)?.[1] ?? '';
  const replace = (from: string, to: string) => {
    expect(site, `docs/deployment.md's nginx site has "${from}"`).toContain(from);
    site = site.replace(from, to);
  };
  replace('server 127.0.0.1:3001;', `server 127.0.0.1:${instancePorts[0]};`);
  replace('server 127.0.0.1:3002;', `server 127.0.0.1:${instancePorts[1]};`);
  replace('listen 80;', `listen 127.0.0.1:${port};`);
  return site;
}

let database: TestDatabase;
let instances: ServerProcess[] = [];
let nginx: RunningNginx | undefined;
const sockets: LiveTestClient[] = [];

beforeAll(async () => {
  if (!nginxBinary) return;
  database = await createPostgresDatabase();
  // Started together: they also migrate together, which the advisory lock makes safe.
  const started = await Promise.allSettled(
    [1, 2].map(() => spawnServer({ DATABASE_URL: database.url })),
  );
  instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  for (const result of started) if (result.status === 'rejected') throw result.reason;
  const ports = instances.map((instance) => Number(new URL(instance.url).port));
  const port = await freePort();
  nginx = await startNginx(nginxBinary, siteFromDocs(ports, port), port);
});

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await nginx?.stop();
  for (const instance of instances) {
    if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
    await instance.exited;
  }
  await database?.drop();
});

describe.skipIf(!nginxBinary)('two instances behind nginx', () => {
  it('answers the health check, sign-up, log-in and the API through the proxy', async () => {
    const base = nginx!.url;
    expect(await call(base, 'GET', '/api/health')).toMatchObject({ json: { status: 'ok' } });
    const email = uniqueEmail('proxied');
    const credentials = { body: { username: email, password: 'correct horse' } };
    const signup = await call(base, 'POST', '/api/signup', credentials);
    expect(signup.status).toBe(201);
    const login = await call(base, 'POST', '/api/login', credentials);
    expect(login.status).toBe(200);
    const token = login.text;

    const notes: Note[] = [];
    for (let i = 0; i < 6; i += 1) notes.push(await createNote(base, token, `through nginx ${i}`));
    expect(await listNotes(base, token)).toEqual([...notes].reverse());

    // Round-robin spread the calls over both instances.
    const upstreams = new Set(nginx!.accessLog().match(/127\.0\.0\.1:\d+/g));
    for (const instance of instances) expect(upstreams).toContain(new URL(instance.url).host);
  });

  it('carries live events to sockets whichever instance made the change', async () => {
    const base = nginx!.url;
    const socketUrl = `${base.replace(/^http/, 'ws')}/socket`;
    const credentials = { body: { username: uniqueEmail('live'), password: 'correct horse' } };
    const token = (await call(base, 'POST', '/api/signup', credentials)).text;
    for (let i = 0; i < 2; i += 1) sockets.push(await LiveTestClient.connect(socketUrl, token));

    const expectEverywhere = async (message: unknown) => {
      for (const socket of sockets) expect(await socket.next()).toEqual(message);
    };
    const note = await createNote(base, token, 'first');
    await expectEverywhere({ event: 'update', payload: note });
    // Several changes in turn, so both instances make some of them.
    let current = note;
    for (let i = 0; i < 4; i += 1) {
      current = await updateNote(base, token, { ...current, body: `v${i}` });
      await expectEverywhere({ event: 'update', payload: current });
    }
    // A 1 MiB body passes nginx's client_max_body_size and reaches every socket.
    const big = await updateNote(base, token, { ...current, body: 'b'.repeat(1024 * 1024) });
    await expectEverywhere({ event: 'update', payload: big });
    expect((await call(base, 'DELETE', `/api/notes/${note.id}`, { token })).status).toBe(204);
    await expectEverywhere({ event: 'delete', payload: note.id });
  });

  it('refuses a body over the limit with the same JSON 413 as Quire', async () => {
    const base = nginx!.url;
    const credentials = { body: { username: uniqueEmail('big'), password: 'correct horse' } };
    const token = (await call(base, 'POST', '/api/signup', credentials)).text;
    const note = await createNote(base, token, 'small');
    const response = await call(base, 'PUT', '/api/notes', {
      token,
      body: { ...note, body: 'y'.repeat(2 * 1024 * 1024 + 1) },
    });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ error: 'Request body is too large', code: 'too_large' });
    expect(await listNotes(base, token)).toEqual([note]);
  });

  it('limits log-in attempts per client address with a JSON 429', async () => {
    const base = nginx!.url;
    const credentials = { body: { username: 'nobody@example.com', password: 'wrong horse' } };
    const statuses: number[] = [];
    let limited: unknown;
    for (let attempt = 0; attempt < 15 && limited === undefined; attempt += 1) {
      const response = await call(base, 'POST', '/api/login', credentials);
      statuses.push(response.status);
      if (response.status === 429) limited = response.json;
    }
    expect(statuses[0]).toBe(401);
    expect(limited).toEqual({
      error: 'Too many attempts; try again in a minute',
      code: 'rate_limited',
    });
  });
});
