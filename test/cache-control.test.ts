import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createNote, signUp, uniqueEmail } from './helpers/api-client.js';
import { apiRoutes } from './helpers/api-routes.js';
import { PNG, upload } from './helpers/attachment-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

interface RouteCall {
  /** The route as Fastify knows it, e.g. `DELETE /api/notes/:id`. */
  route: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const PASSWORD = 'correct horse';

/** A call to every /api route, in an order that leaves each something to act on. */
async function everyRoute(): Promise<{ calls: RouteCall[]; token: string }> {
  const email = uniqueEmail();
  const token = await signUp(server.url, email);
  const note = await createNote(server.url, token, 'first words');
  await call(server.url, 'PUT', '/api/notes', { token, body: { ...note, body: 'second words' } });
  const trashed = await createNote(server.url, token, 'to the trash');
  await call(server.url, 'DELETE', `/api/notes/${trashed.id}`, { token });
  const gone = await createNote(server.url, token, 'gone for good');
  await call(server.url, 'DELETE', `/api/notes/${gone.id}`, { token });
  // A second session, for ending one by id.
  await call(server.url, 'POST', '/api/login', { body: { username: email, password: PASSWORD } });
  const sessions = await call(server.url, 'GET', '/api/sessions', { token });
  const otherId = (sessions.json.results as { id: string; current: boolean }[]).find(
    (session) => !session.current,
  )?.id;
  const attachment = await upload(server.url, token, PNG, 'dot.png');
  const gets = (route: string, path = route): RouteCall[] => [
    { route: `GET ${route}`, path },
    { route: `HEAD ${route}`, path },
  ];
  const calls: RouteCall[] = [
    {
      route: 'POST /api/signup',
      path: '/api/signup',
      body: { username: uniqueEmail(), password: PASSWORD },
    },
    { route: 'POST /api/login', path: '/api/login', body: { username: email, password: PASSWORD } },
    { route: 'POST /api/login/code', path: '/api/login/code', body: { code: 'not-a-code' } },
    {
      route: 'POST /api/login/unlock',
      path: '/api/login/unlock',
      body: { username: email, password: PASSWORD, recoveryCode: 'aaaa-bbbb-cccc' },
    },
    ...gets('/api/check'),
    ...gets('/api/config'),
    ...gets('/api/health'),
    ...gets('/api/openapi.json'),
    ...gets('/api/account'),
    { route: 'POST /api/account/totp', path: '/api/account/totp', body: { password: PASSWORD } },
    {
      route: 'POST /api/account/totp/confirm',
      path: '/api/account/totp/confirm',
      body: { code: '000000' },
    },
    { route: 'DELETE /api/account/totp', path: '/api/account/totp', body: { password: PASSWORD } },
    {
      route: 'POST /api/account/password',
      path: '/api/account/password',
      body: { currentPassword: 'wrong password', newPassword: 'another horse' },
    },
    { route: 'DELETE /api/account', path: '/api/account', body: { password: 'wrong password' } },
    ...gets('/api/account/spelling'),
    {
      route: 'PUT /api/account/spelling/language',
      path: '/api/account/spelling/language',
      body: { language: 'de' },
    },
    {
      route: 'POST /api/account/spelling/words',
      path: '/api/account/spelling/words',
      body: { word: 'Quire' },
    },
    {
      route: 'DELETE /api/account/spelling/words',
      path: '/api/account/spelling/words',
      body: { word: 'Quire' },
    },
    ...gets('/api/sessions'),
    { route: 'DELETE /api/sessions/:id', path: `/api/sessions/${otherId}` },
    { route: 'DELETE /api/sessions', path: '/api/sessions' },
    ...gets('/api/tokens'),
    {
      // Its answer holds the new token itself.
      route: 'POST /api/tokens',
      path: '/api/tokens',
      body: { name: 'cache', scopes: ['notes:read'], timeExpires: null, password: PASSWORD },
    },
    { route: 'DELETE /api/tokens/:id', path: '/api/tokens/no-such-token' },
    {
      // Its answer holds the new link itself.
      route: 'POST /api/notes/:id/shares',
      path: `/api/notes/${note.id}/shares`,
      body: {},
    },
    { route: 'POST /api/tags/shares', path: '/api/tags/shares', body: { tag: 'cached' } },
    ...gets('/api/shares'),
    { route: 'PATCH /api/shares/:id', path: '/api/shares/no-such-link', body: {} },
    { route: 'DELETE /api/shares/:id', path: '/api/shares/no-such-link' },
    { route: 'DELETE /api/shares', path: '/api/shares' },
    ...gets('/api/notes'),
    { route: 'GET /api/notes', path: '/api/notes?since=0' },
    { route: 'POST /api/notes', path: '/api/notes', body: { body: 'new' } },
    { route: 'PUT /api/notes', path: '/api/notes', body: { id: note.id, body: 'third words' } },
    ...gets('/api/notes/:id/versions', `/api/notes/${note.id}/versions`),
    ...gets('/api/notes/:id/versions/:revision', `/api/notes/${note.id}/versions/1`),
    ...gets('/api/notes/:id/backlinks', `/api/notes/${note.id}/backlinks`),
    ...gets('/api/notes/:id/document', `/api/notes/${note.id}/document`),
    {
      route: 'POST /api/notes/:id/rename-links',
      path: `/api/notes/${note.id}/rename-links`,
      body: { from: 'Old title', to: 'New title' },
    },
    {
      route: 'POST /api/notes/:id/restore',
      path: `/api/notes/${note.id}/restore`,
      body: { revision: 1 },
    },
    ...gets('/api/search', '/api/search?q=words'),
    ...gets('/api/trash'),
    { route: 'POST /api/trash/:id/restore', path: `/api/trash/${trashed.id}/restore` },
    { route: 'DELETE /api/trash/:id', path: `/api/trash/${gone.id}` },
    { route: 'DELETE /api/trash', path: '/api/trash' },
    ...gets('/api/export'),
    {
      route: 'POST /api/import',
      path: '/api/import?name=note.md',
      body: '# Imported\n',
      headers: { 'content-type': 'text/markdown' },
    },
    {
      route: 'POST /api/attachments',
      path: '/api/attachments?name=dot.png',
      body: PNG.toString('latin1'),
      headers: { 'content-type': 'image/png' },
    },
    ...gets('/api/attachments/:id', `/api/attachments/${attachment.json.id}`),
    ...gets('/api/attachments/usage'),
    { route: 'POST /api/attachments/access', path: '/api/attachments/access' },
    { route: 'DELETE /api/attachments/access', path: '/api/attachments/access' },
    { route: 'DELETE /api/notes/:id', path: `/api/notes/${note.id}` },
    { route: 'POST /api/logout', path: '/api/logout' },
  ];
  return { calls, token };
}

/** The one answer that may be kept, to be revalidated by its ETag. */
const REVALIDATED = new Set(['GET /api/notes', 'HEAD /api/notes']);
/** An attachment's bytes, which never change under its id, are kept by the user's browser. */
const KEPT = new Set(['GET /api/attachments/:id', 'HEAD /api/attachments/:id']);

describe('Cache-Control on /api answers', () => {
  it('is no-store on every answer but the note list, which revalidates', async () => {
    const { calls, token } = await everyRoute();
    expect(new Set(calls.map((entry) => entry.route))).toEqual(new Set(apiRoutes(server.app)));
    for (const entry of calls) {
      const [method = ''] = entry.route.split(' ');
      for (const withToken of [true, false]) {
        const response = await call(server.url, method, entry.path, {
          token: withToken ? token : undefined,
          body: entry.body,
          headers: entry.headers,
        });
        const list = withToken && REVALIDATED.has(entry.route) && !entry.path.includes('?');
        const name = `${entry.route} ${withToken ? 'signed in' : 'without a token'}: ${response.status}`;
        const kept = withToken && KEPT.has(entry.route);
        expect(response.headers.get('cache-control'), name).toBe(
          list ? 'private, no-cache' : kept ? 'private, max-age=31536000, immutable' : 'no-store',
        );
        if (list) expect(response.headers.get('etag'), name).toBeTruthy();
      }
    }
  });

  it('is no-store however the path is spelled, and for a path no route takes', async () => {
    const token = await signUp(server.url);
    const note = await createNote(server.url, token, 'spelled');
    for (const [path, status] of [
      ['/%61pi/check', 200],
      ['/%61%70%69/account', 200],
      ['/api/%61ccount', 200],
      [`/%61pi/notes/${note.id}/versions`, 200],
      ['/%61pi/nothing-here', 404],
      ['/nothing-here', 404],
    ] as const) {
      const response = await call(server.url, 'GET', path, { token });
      expect([path, response.status, response.headers.get('cache-control')]).toEqual([
        path,
        status,
        'no-store',
      ]);
    }
  });

  it('keeps the built page and its assets cacheable as before', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get('cache-control')).not.toBe('no-store');
  });
});
