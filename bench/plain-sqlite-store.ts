import SQLite from 'better-sqlite3';
import { LIST_END, LIST_START, now, type PlainStore } from './plain-store.js';

/**
 * The yardstick's SQLite store: prepared statements only; SQLite serializes rows itself
 * (json_object) and hands them over as Buffers; an O(1) change counter; WAL with
 * synchronous=NORMAL, as most SQLite apps run.
 */
export function plainSqliteStore(file: string): PlainStore {
  const sqlite = new SQLite(file);
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
  // Each note serialized by SQLite in index order, joined once: an ordered json_group_array
  // would sort the serialized notes themselves, several times slower for a long list.
  const listNotes = sqlite
    .prepare<[string], Buffer>(
      `SELECT CAST(${NOTE_JSON} AS BLOB) FROM notes WHERE user_id = ?
       ORDER BY time_last_modified DESC, change_seq DESC`,
    )
    .pluck();
  const COMMA = Buffer.from(',');
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
  const insertUser = sqlite.prepare(
    'INSERT INTO users (id, email, password_hash) VALUES (?, ?, ?)',
  );
  const insertSession = sqlite.prepare('INSERT INTO sessions VALUES (?, ?)');

  return {
    userOf: (tokenHash) => findUser.get(tokenHash),
    list(userId) {
      const parts: Buffer[] = [LIST_START];
      for (const note of listNotes.iterate(userId)) {
        if (parts.length > 1) parts.push(COMMA);
        parts.push(note);
      }
      parts.push(LIST_END);
      return Buffer.concat(parts);
    },
    update: sqlite.transaction((userId: string, id: string, body: string) =>
      updateNote.get(body, now(), nextSeq.get(userId) as number, id, userId),
    ),
    create: sqlite.transaction((userId: string, id: string, body: string) => {
      const time = now();
      return insertNote.get(id, userId, body, time, time, nextSeq.get(userId) as number) as string;
    }),
    remove: sqlite.transaction((userId: string, id: string) => {
      nextSeq.get(userId);
      return deleteNote.run(id, userId).changes;
    }),
    signUp: sqlite.transaction(
      (userId: string, email: string, passwordHash: string, tokenHash: string) => {
        insertUser.run(userId, email, passwordHash);
        insertSession.run(tokenHash, userId);
      },
    ),
    close() {
      sqlite.close();
    },
  };
}
