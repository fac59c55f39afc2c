import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_SOCKET_PATH } from '../src/shared/live-message.js';
import { call, createNote, signUp } from './helpers/api-client.js';
import {
  accessCases,
  type BadRequestCase,
  idCases,
  jsonCases,
  jsonRoutes,
} from './helpers/bad-input-cases.js';
import { LiveTestClient } from './helpers/live-client.js';
import { rawRequest } from './helpers/raw-http.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Every case must get a 4xx with an {error, code} body, never a 5xx, and leave the stored data
// exactly as it was. The cases live in a table (helpers/bad-input-cases.ts) new routes extend.
let server: TestServer;
let token: string;
let before: string;

/** Everything stored, table by table. Left out: `time_last_seen` (bookkeeping). */
async function snapshot(): Promise<string> {
  const { db } = server.database;
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
  const dump: Record<string, unknown[]> = {};
  for (const table of tables) {
    // biome-ignore lint/suspicious/noExplicitAny: every table, whatever its shape
    const rows = await (db as any).selectFrom(table).selectAll().execute();
    dump[table] = rows
      .map((row: Record<string, unknown>) => JSON.stringify({ ...row, time_last_seen: 0 }))
      .sort();
  }
  return JSON.stringify(dump);
}

function toRaw(request: BadRequestCase): Buffer {
  const body = request.body === undefined ? Buffer.alloc(0) : Buffer.from(request.body);
  const headers: Record<string, string> = {
    host: new URL(server.url).host,
    'content-type': 'application/json',
    connection: 'close',
    ...(request.auth ? { token } : {}),
    ...request.headers,
  };
  if (request.body !== undefined) headers['content-length'] = String(body.length);
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return Buffer.concat([
    Buffer.from(`${request.method} ${request.path} HTTP/1.1\r\n${head.join('')}\r\n`, 'latin1'),
    body,
  ]);
}

/** Requests Node itself must refuse, before any route: broken framing and headers. */
function malformedHttp(): Array<{ name: string; bytes: Buffer | string }> {
  const host = `host: ${new URL(server.url).host}\r\n`;
  return [
    {
      name: 'oversized header',
      bytes: `GET /api/notes HTTP/1.1\r\n${host}x-big: ${'a'.repeat(70_000)}\r\n\r\n`,
    },
    {
      name: '200 headers of 200 bytes',
      bytes: `GET /api/notes HTTP/1.1\r\n${host}${Array.from({ length: 200 }, (_, i) => `x-h${i}: ${'b'.repeat(200)}\r\n`).join('')}\r\n`,
    },
    { name: 'bare CR in a header', bytes: `GET /api/check HTTP/1.1\r\n${host}token: a\rb\r\n\r\n` },
    {
      name: 'space in a header name',
      bytes: `GET /api/check HTTP/1.1\r\n${host}to ken: a\r\n\r\n`,
    },
    {
      name: 'CRLF injected as a header value',
      bytes: `GET /api/check HTTP/1.1\r\n${host}token: a\r\n\tSet-Cookie: x=1\r\n\r\n`,
    },
    {
      name: 'two different Content-Lengths',
      bytes: `POST /api/login HTTP/1.1\r\n${host}content-type: application/json\r\ncontent-length: 2\r\ncontent-length: 5\r\n\r\n{}`,
    },
    {
      name: 'Content-Length with Transfer-Encoding',
      bytes: `POST /api/login HTTP/1.1\r\n${host}content-type: application/json\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n`,
    },
    {
      name: 'negative Content-Length',
      bytes: `POST /api/login HTTP/1.1\r\n${host}content-length: -1\r\n\r\n`,
    },
    {
      name: 'bad chunk size',
      bytes: `POST /api/login HTTP/1.1\r\n${host}content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    },
    { name: 'garbage request line', bytes: 'HELLO THERE\r\n\r\n' },
    { name: 'HTTP/2 preface on HTTP/1', bytes: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n' },
    { name: 'NUL in the path', bytes: `GET /api/\u0000notes HTTP/1.1\r\n${host}\r\n` },
    {
      name: 'raw non-ASCII bytes in the token',
      bytes: Buffer.concat([
        Buffer.from(`GET /api/check HTTP/1.1\r\n${host}token: `),
        Buffer.from([0xff, 0xfe, 0x80]),
        Buffer.from('\r\nconnection: close\r\n\r\n'),
      ]),
    },
    {
      name: 'raw invalid UTF-8 in the path',
      bytes: Buffer.concat([
        Buffer.from('DELETE /api/notes/'),
        Buffer.from([0xc3, 0x28]),
        Buffer.from(` HTTP/1.1\r\n${host}connection: close\r\n\r\n`),
      ]),
    },
  ];
}

beforeAll(async () => {
  server = await startTestServer({ app: { authTimeoutMs: 60_000 } });
  token = await signUp(server.url);
  await createNote(server.url, token, 'precious text');
  // The search index catches up after writes; a search brings it up to date now, so that what
  // is stored changes later only if a bad request changes it.
  expect((await call(server.url, 'GET', '/api/search?q=precious', { token })).status).toBe(200);
  before = await snapshot();
});
afterAll(async () => server?.close());

function expectClientError(name: string, status: number | undefined, body: string): void {
  expect(status, name).toBeGreaterThanOrEqual(400);
  expect(status, name).toBeLessThan(500);
  const parsed = JSON.parse(body) as { error?: unknown; code?: unknown };
  expect(typeof parsed.error, `${name}: ${body}`).toBe('string');
  expect(typeof parsed.code, `${name}: ${body}`).toBe('string');
}

describe('the bad-input corpus', () => {
  it('answers every bad request with a 4xx {error, code} and changes nothing', async () => {
    const noteId = (await call(server.url, 'GET', '/api/notes', { token })).json.results[0].id;
    const routes = jsonRoutes(noteId);
    const cases = [...routes.flatMap(jsonCases), ...idCases(noteId), ...accessCases(routes)];
    for (const request of cases) {
      const answer = await rawRequest(server.url, toRaw(request));
      expectClientError(request.name, answer.status, answer.body);
    }
    for (const { name, bytes } of malformedHttp()) {
      const answer = await rawRequest(server.url, bytes);
      expectClientError(name, answer.status, answer.body);
    }
    expect(cases.length + malformedHttp().length).toBeGreaterThanOrEqual(200);
    expect(JSON.parse(await snapshot())).toEqual(JSON.parse(before));
    expect((await call(server.url, 'GET', '/api/notes', { token })).status).toBe(200);
  });

  it('survives bad socket messages without a server error', async () => {
    const messages: Array<[string, Buffer | string, boolean]> = [
      ['binary frame', Buffer.from([1, 2, 3]), true],
      ['malformed JSON', '{"event":', false],
      ['auth without payload', '{"event":"auth"}', false],
      ['auth with a number', '{"event":"auth","payload":42}', false],
      ['auth with a made-up token', '{"event":"auth","payload":"x"}', false],
      ['a 20 KB message', 'x'.repeat(20_000), false],
      ['invalid UTF-8 text', Buffer.from([0xff, 0xfe]), false],
      ['deeply nested', `${'['.repeat(5_000)}${']'.repeat(5_000)}`, false],
      ['lone surrogate token', JSON.stringify({ event: 'auth', payload: '\ud800' }), false],
    ];
    for (const [name, data, binary] of messages) {
      const live = new LiveTestClient(server.socketUrl);
      await live.opened();
      live.socket.send(data, { binary });
      live.send({ event: 'auth', payload: 'still not a token' });
      const code = await live.closed(5_000);
      expect([1007, 1009, 4401], `${name}: ${code}`).toContain(code);
    }
    const fine = await LiveTestClient.connect(server.socketUrl, token);
    fine.close();
    expect(await snapshot()).toBe(before);
  });

  it('stays up under 1,000 sockets that never authenticate', async () => {
    const outcomes: Array<number | 'open' | 'error'> = [];
    const sockets: WebSocket[] = [];
    const socketUrl = `${server.url.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`;
    for (let batch = 0; batch < 10; batch += 1) {
      const opened = await Promise.all(
        Array.from(
          { length: 100 },
          () =>
            new Promise<number | 'open' | 'error'>((resolve) => {
              const socket = new WebSocket(socketUrl);
              sockets.push(socket);
              socket.once('open', () => resolve('open'));
              socket.once('unexpected-response', (_request, response) => {
                resolve(response.statusCode ?? 0);
                response.resume();
              });
              socket.once('error', () => resolve('error'));
            }),
        ),
      );
      outcomes.push(...opened);
    }
    expect(outcomes.filter((outcome) => typeof outcome === 'number' && outcome >= 500)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === 'error')).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === 429).length).toBeGreaterThan(0);
    // While the flood holds its places, an HTTP client is served as usual.
    expect((await call(server.url, 'GET', '/api/config')).status).toBe(200);
    // The server's own close handlers (which give back the places) run before these, added later.
    const gone = [...server.app.websocketServer.clients].map((socket) => once(socket, 'close'));
    for (const socket of sockets) socket.terminate();
    await Promise.all(gone);
    expect(await tryConnect(token)).toBe(true);
    expect(await snapshot()).toBe(before);
  });
});

async function tryConnect(sessionToken: string): Promise<boolean> {
  try {
    const live = await LiveTestClient.connect(server.socketUrl, sessionToken);
    live.close();
    return true;
  } catch {
    return false;
  }
}
