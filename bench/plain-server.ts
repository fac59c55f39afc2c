/**
 * The yardstick: the spec §7 contract done as tightly as node:http + ws + better-sqlite3 allow.
 * Prepared statements only; SQLite serializes rows itself (json_object) and hands them over as
 * Buffers; an O(1) change counter; WAL with synchronous=NORMAL, as most SQLite apps run.
 * Run by the bench with PORT and DATABASE_URL (an SQLite file) in the environment.
 */
import { createHash, randomBytes, randomUUID, scrypt } from 'node:crypto';
import http from 'node:http';
import SQLite from 'better-sqlite3';
import { type WebSocket, WebSocketServer } from 'ws';

const BODY_LIMIT = 2 * 1024 * 1024;
const sqlite = new SQLite(process.env.DATABASE_URL ?? ':memory:');
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = NORMAL');
sqlite.pragma('foreign_keys = ON');
sqlite.exec(`
  CREATE TABLE IF NOT EXISTS users (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL, change_seq INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS notes (id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE, body TEXT NOT NULL,
    time_created INTEGER NOT NULL, time_last_modified INTEGER NOT NULL,
    revision INTEGER NOT NULL, change_seq INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS notes_user_order
    ON notes (user_id, time_last_modified DESC, change_seq DESC);
`);

const NOTE_JSON = `json_object('id', id, 'body', body, 'timeCreated', time_created,
  'timeLastModified', time_last_modified, 'revision', revision)`;
const findUser = sqlite
  .prepare<[string], string>('SELECT user_id FROM sessions WHERE token_hash = ?')
  .pluck();
// Each note serialized by SQLite in index order, joined once: an ordered json_group_array would
// sort the serialized notes themselves, several times slower for a long list.
const listNotes = sqlite
  .prepare<[string], Buffer>(
    `SELECT CAST(${NOTE_JSON} AS BLOB) FROM notes WHERE user_id = ?
     ORDER BY time_last_modified DESC, change_seq DESC`,
  )
  .pluck();
const LIST_START = Buffer.from('{"results":[');
const COMMA = Buffer.from(',');
const LIST_END = Buffer.from(']}');

function listOf(userId: string): Buffer {
  const parts: Buffer[] = [LIST_START];
  for (const note of listNotes.iterate(userId)) {
    if (parts.length > 1) parts.push(COMMA);
    parts.push(note);
  }
  parts.push(LIST_END);
  return Buffer.concat(parts);
}
const nextSeq = sqlite
  .prepare<[string], number>(
    'UPDATE users SET change_seq = change_seq + 1 WHERE id = ? RETURNING change_seq',
  )
  .pluck();
const updateNote = sqlite
  .prepare<[string, number, number, string, string], string>(
    `UPDATE notes SET body = ?, time_last_modified = ?, revision = revision + 1, change_seq = ?
     WHERE id = ? AND user_id = ? RETURNING ${NOTE_JSON}`,
  )
  .pluck();
const insertNote = sqlite
  .prepare<[string, string, string, number, number, number], string>(
    `INSERT INTO notes VALUES (?, ?, ?, ?, ?, 1, ?) RETURNING ${NOTE_JSON}`,
  )
  .pluck();
const deleteNote = sqlite.prepare('DELETE FROM notes WHERE id = ? AND user_id = ?');
const insertUser = sqlite.prepare('INSERT INTO users (id, email, password_hash) VALUES (?, ?, ?)');
const insertSession = sqlite.prepare('INSERT INTO sessions VALUES (?, ?)');

const update = sqlite.transaction((userId: string, id: string, body: string) =>
  updateNote.get(body, now(), nextSeq.get(userId) as number, id, userId),
);
const create = sqlite.transaction((userId: string, body: string) => {
  const time = now();
  return insertNote.get(randomUUID(), userId, body, time, time, nextSeq.get(userId) as number);
});
const remove = sqlite.transaction((userId: string, id: string) => {
  nextSeq.get(userId);
  return deleteNote.run(id, userId).changes;
});
const signUp = sqlite.transaction((userId: string, email: string, hash: string, token: string) => {
  insertUser.run(userId, email, hash);
  insertSession.run(hashToken(token), userId);
});

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const now = () => Math.floor(Date.now() / 1000);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const socketsByUser = new Map<string, Set<WebSocket>>();

function publish(userId: string, message: string) {
  for (const socket of socketsByUser.get(userId) ?? []) socket.send(message);
}

function userOf(request: http.IncomingMessage): string {
  const token = request.headers.token;
  if (typeof token !== 'string' || token === '' || token.length > 256) {
    throw new HttpError(401, 'Send the token header');
  }
  const userId = findUser.get(hashToken(token));
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
      return [200, listOf(userOf(request))];
    case 'PUT /api/notes': {
      const userId = userOf(request);
      const input = await readJson(request);
      check(input, UPDATE_FIELDS);
      const note = update(userId, input.id as string, input.body as string);
      if (note === undefined) throw new HttpError(404, 'No such note');
      publish(userId, `{"event":"update","payload":${note}}`);
      return [200, note];
    }
    case 'POST /api/notes': {
      const userId = userOf(request);
      const input = await readJson(request);
      check(input, { body: 'text' });
      const note = create(userId, input.body as string) as string;
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
      signUp(randomUUID(), input.username as string, hash.toString('base64'), token);
      return [201, token];
    }
  }
  const remove_ = /^DELETE \/api\/notes\/([^/]{1,64})$/.exec(route);
  if (remove_) {
    const userId = userOf(request);
    const id = decodeURIComponent(remove_[1] as string);
    if (remove(userId, id) === 0) throw new HttpError(404, 'No such note');
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

// The live socket of spec §7: the first message authenticates, then the server only talks.
const sockets = new WebSocketServer({ server, path: '/socket' });
sockets.on('connection', (socket) => {
  socket.once('message', (data) => {
    let userId: string | undefined;
    try {
      const message = JSON.parse(data.toString()) as { event?: unknown; payload?: unknown };
      if (message.event === 'auth' && typeof message.payload === 'string') {
        userId = findUser.get(hashToken(message.payload));
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
  server.close(() => sqlite.close());
  server.closeAllConnections();
});
