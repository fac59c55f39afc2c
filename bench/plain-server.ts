/**
 * The yardstick: the core of the API (docs/api.md#routes) done as tightly as node:http + ws +
 * better-sqlite3 (or plain `pg`) allow. Run by the bench with PORT and DATABASE_URL (an SQLite file
 * or a PostgreSQL URL) in the environment.
 */
import { createHash, randomBytes, randomUUID, scrypt } from 'node:crypto';
import http from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { plainPostgresStore } from './plain-postgres-store.js';
import { plainSqliteStore } from './plain-sqlite-store.js';
import type { PlainStore } from './plain-store.js';

const BODY_LIMIT = 2 * 1024 * 1024;
const databaseUrl = process.env.DATABASE_URL ?? ':memory:';
const store: PlainStore = databaseUrl.startsWith('postgres')
  ? await plainPostgresStore(databaseUrl)
  : plainSqliteStore(databaseUrl);

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const socketsByUser = new Map<string, Set<WebSocket>>();

function publish(userId: string, message: string) {
  for (const socket of socketsByUser.get(userId) ?? []) socket.send(message);
}

async function userOf(request: http.IncomingMessage): Promise<string> {
  const token = request.headers.token;
  if (typeof token !== 'string' || token === '' || token.length > 256) {
    throw new HttpError(401, 'Send the token header');
  }
  const userId = await store.userOf(hashToken(token));
  if (userId === undefined) throw new HttpError(401, 'Session is not valid');
  return userId;
}

function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  if (!request.headers['content-type']?.startsWith('application/json')) {
    return Promise.reject(new HttpError(415, 'Send the request body as application/json'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) reject(new HttpError(413, 'Request body is too large'));
      else chunks.push(chunk);
    });
    request.on('error', reject);
    request.on('end', () => {
      try {
        const value: unknown = JSON.parse(Buffer.concat(chunks).toString());
        if (typeof value !== 'object' || value === null || Array.isArray(value)) throw value;
        resolve(value as Record<string, unknown>);
      } catch {
        reject(new HttpError(400, 'Request body is not valid JSON'));
      }
    });
  });
}

type Kind = 'id' | 'text' | 'count' | 'optional count';

/** Strict bodies: known fields only, right types, well-formed text. */
function check(value: Record<string, unknown>, fields: Record<string, Kind>) {
  for (const key of Object.keys(value)) {
    if (!(key in fields)) throw new HttpError(400, `Unknown field ${key}`);
  }
  for (const [key, kind] of Object.entries(fields)) {
    const field = value[key];
    const ok =
      kind === 'id'
        ? typeof field === 'string' && field.length >= 1 && field.length <= 64
        : kind === 'text'
          ? typeof field === 'string' && field.isWellFormed()
          : (field === undefined && kind === 'optional count') ||
            (Number.isSafeInteger(field) && (field as number) >= 0);
    if (!ok) throw new HttpError(400, `Invalid field ${key}`);
  }
}

const UPDATE_FIELDS: Record<string, Kind> = {
  id: 'id',
  body: 'text',
  timeCreated: 'optional count',
  timeLastModified: 'optional count',
  revision: 'optional count',
};

async function handle(request: http.IncomingMessage): Promise<[number, Buffer | string]> {
  const url = request.url ?? '';
  const route = `${request.method} ${url.split('?')[0]}`;
  switch (route) {
    case 'GET /api/notes':
      return [200, await store.list(await userOf(request))];
    case 'PUT /api/notes': {
      const userId = await userOf(request);
      const input = await readJson(request);
      check(input, UPDATE_FIELDS);
      const note = await store.update(userId, input.id as string, input.body as string);
      if (note === undefined) throw new HttpError(404, 'No such note');
      publish(userId, `{"event":"update","payload":${note}}`);
      return [200, note];
    }
    case 'POST /api/notes': {
      const userId = await userOf(request);
      const input = await readJson(request);
      check(input, { body: 'text' });
      const note = await store.create(userId, randomUUID(), input.body as string);
      publish(userId, `{"event":"update","payload":${note}}`);
      return [201, note];
    }
    case 'POST /api/signup': {
      const input = await readJson(request);
      check(input, { username: 'text', password: 'text' });
      const salt = randomBytes(16);
      const hash = await new Promise<Buffer>((resolve, reject) =>
        scrypt(input.password as string, salt, 32, { N: 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      );
      const token = randomBytes(32).toString('base64url');
      await store.signUp(
        randomUUID(),
        input.username as string,
        hash.toString('base64'),
        hashToken(token),
      );
      return [201, token];
    }
  }
  const remove_ = /^DELETE \/api\/notes\/([^/]{1,64})$/.exec(route);
  if (remove_) {
    const userId = await userOf(request);
    const id = decodeURIComponent(remove_[1] as string);
    if ((await store.remove(userId, id)) === 0) throw new HttpError(404, 'No such note');
    publish(userId, JSON.stringify({ event: 'delete', payload: id }));
    return [204, ''];
  }
  throw new HttpError(404, `Not found: ${route}`);
}

const server = http.createServer((request, response) => {
  handle(request).then(
    ([status, value]) => {
      const json = typeof value !== 'string' || value.startsWith('{');
      response.writeHead(status, {
        'content-type': json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
        'content-length': Buffer.byteLength(value),
      });
      response.end(value);
    },
    (error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const text = JSON.stringify({ error: error instanceof HttpError ? error.message : 'Error' });
      if (status === 500) console.error(error);
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(text);
    },
  );
});

// The live socket (docs/api.md#the-live-socket): the first message authenticates, then the server
// only talks.
const sockets = new WebSocketServer({ server, path: '/socket' });
sockets.on('connection', (socket) => {
  socket.once('message', async (data) => {
    let userId: string | undefined;
    try {
      const message = JSON.parse(data.toString()) as { event?: unknown; payload?: unknown };
      if (message.event === 'auth' && typeof message.payload === 'string') {
        userId = await store.userOf(hashToken(message.payload));
      }
    } catch {
      // not JSON: unauthorized below
    }
    if (userId === undefined) return socket.close(4401, 'Unauthorized');
    const own = socketsByUser.get(userId) ?? new Set();
    socketsByUser.set(userId, own.add(socket));
    socket.on('close', () => own.delete(socket));
    socket.send('{"event":"ready","payload":null}');
  });
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => {
  for (const socket of sockets.clients) socket.terminate();
  server.close(() => void store.close());
  server.closeAllConnections();
});
