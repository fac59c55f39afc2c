/**
 * The yardstick for Quire's API: plain node:http over better-sqlite3 doing the same work per
 * request (session lookup by token hash, strict JSON validation, the same SQL, JSON answers)
 * with nothing else: no framework, no query builder, statements prepared once.
 * Run by bench/run.ts with PORT and DATABASE_URL (an SQLite file) in the environment.
 */
import { createHash, randomBytes, randomUUID, scrypt } from 'node:crypto';
import http from 'node:http';
import SQLite from 'better-sqlite3';

const BODY_LIMIT = 2 * 1024 * 1024;

const sqlite = new SQLite(process.env.DATABASE_URL ?? ':memory:');
// The same durability settings as Quire: a fair race has the same fsyncs.
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = FULL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('busy_timeout = 5000');
sqlite.exec(`
  CREATE TABLE IF NOT EXISTS users (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL, time_created BIGINT NOT NULL);
  CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE, time_created BIGINT NOT NULL);
  CREATE INDEX IF NOT EXISTS sessions_user_id ON sessions (user_id);
  CREATE TABLE IF NOT EXISTS notes (id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    body TEXT NOT NULL, time_created BIGINT NOT NULL, time_last_modified BIGINT NOT NULL,
    revision BIGINT NOT NULL);
  CREATE INDEX IF NOT EXISTS notes_user_order ON notes (user_id, time_last_modified, revision);
`);

interface NoteRow {
  id: string;
  body: string;
  time_created: number;
  time_last_modified: number;
}

const NEXT_REVISION = '(SELECT coalesce(max(revision), 0) + 1 FROM notes WHERE user_id = ?)';
const findSession = sqlite.prepare<[string], { userId: string }>(
  `SELECT sessions.id AS sessionId, users.id AS userId, users.email AS email FROM sessions
   INNER JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = ?`,
);
const listNotes = sqlite.prepare<[string], NoteRow>(
  `SELECT id, body, time_created, time_last_modified FROM notes WHERE user_id = ?
   ORDER BY time_last_modified DESC, revision DESC, id DESC`,
);
const updateNote = sqlite.prepare<[string, number, string, string, string], NoteRow>(
  `UPDATE notes SET body = ?, time_last_modified = ?, revision = ${NEXT_REVISION}
   WHERE user_id = ? AND id = ? RETURNING id, body, time_created, time_last_modified`,
);
const insertNote = sqlite.prepare(
  `INSERT INTO notes (id, user_id, body, time_created, time_last_modified, revision)
   VALUES (?, ?, ?, ?, ?, ${NEXT_REVISION})`,
);
const insertUser = sqlite.prepare(
  'INSERT INTO users (id, email, password_hash, time_created) VALUES (?, ?, ?, ?)',
);
const insertSession = sqlite.prepare(
  'INSERT INTO sessions (id, user_id, token_hash, time_created) VALUES (?, ?, ?, ?)',
);
const createAccount = sqlite.transaction((user: unknown[], session: unknown[]) => {
  insertUser.run(...user);
  insertSession.run(...session);
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
const toNote = (row: NoteRow) => ({
  id: row.id,
  body: row.body,
  timeCreated: Number(row.time_created),
  timeLastModified: Number(row.time_last_modified),
});

function userOf(request: http.IncomingMessage): string {
  const token = request.headers.token;
  if (typeof token !== 'string' || token === '' || token.length > 256) {
    throw new HttpError(401, 'Send the token header');
  }
  const session = findSession.get(hashToken(token));
  if (!session) throw new HttpError(401, 'Session is not valid');
  return session.userId;
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

/** The checks Quire's schema makes: known keys only, right types, well-formed text. */
function check(value: Record<string, unknown>, keys: Record<string, 'id' | 'text' | 'time'>) {
  for (const key of Object.keys(value)) {
    if (!(key in keys)) throw new HttpError(400, `Unknown field ${key}`);
  }
  for (const [key, kind] of Object.entries(keys)) {
    const field = value[key];
    const ok =
      kind === 'time'
        ? field === undefined || (Number.isInteger(field) && (field as number) >= 0)
        : typeof field === 'string' &&
          (kind === 'text' ? field.isWellFormed() : field.length >= 1 && field.length <= 64);
    if (!ok) throw new HttpError(400, `Invalid field ${key}`);
  }
}

async function handle(request: http.IncomingMessage): Promise<[number, unknown]> {
  const route = `${request.method} ${request.url?.split('?')[0]}`;
  switch (route) {
    case 'GET /api/notes':
      return [200, { results: listNotes.all(userOf(request)).map(toNote) }];
    case 'PUT /api/notes': {
      const userId = userOf(request);
      const input = await readJson(request);
      check(input, { id: 'id', body: 'text', timeCreated: 'time', timeLastModified: 'time' });
      const row = updateNote.get(input.body as string, now(), userId, userId, input.id as string);
      if (!row) throw new HttpError(404, 'No such note');
      return [200, toNote(row)];
    }
    case 'POST /api/notes': {
      const userId = userOf(request);
      const input = await readJson(request);
      check(input, { body: 'text' });
      const note = { id: randomUUID(), body: input.body as string, time: now() };
      insertNote.run(note.id, userId, note.body, note.time, note.time, userId);
      return [
        201,
        { id: note.id, body: note.body, timeCreated: note.time, timeLastModified: note.time },
      ];
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
      const userId = randomUUID();
      const token = randomBytes(32).toString('base64url');
      createAccount(
        [userId, input.username, `${salt.toString('base64')}:${hash.toString('base64')}`, now()],
        [randomUUID(), userId, hashToken(token), now()],
      );
      return [201, token];
    }
    default:
      throw new HttpError(404, `Not found: ${route}`);
  }
}

const server = http.createServer((request, response) => {
  handle(request).then(
    ([status, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      response.writeHead(status, {
        'content-type': `${typeof value === 'string' ? 'text/plain' : 'application/json'}; charset=utf-8`,
        'content-length': Buffer.byteLength(text),
      });
      response.end(text);
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

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close(() => sqlite.close());
  server.closeAllConnections();
});
