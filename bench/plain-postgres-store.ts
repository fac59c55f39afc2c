import pg from 'pg';
import { LIST_END, LIST_START, now, type PlainStore } from './plain-store.js';

/**
 * The yardstick's PostgreSQL store: a pool of plain `pg` connections, named (prepared)
 * statements, one statement per request (a write bumps the user's change counter and the note
 * in one), and PostgreSQL serializing the notes itself.
 */
export async function plainPostgresStore(url: string): Promise<PlainStore> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query(`
    CREATE TABLE IF NOT EXISTS plain_users (id text PRIMARY KEY, email text NOT NULL UNIQUE,
      password_hash text NOT NULL, change_seq bigint NOT NULL DEFAULT 0);
    CREATE TABLE IF NOT EXISTS plain_sessions (token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES plain_users(id) ON DELETE CASCADE);
    CREATE TABLE IF NOT EXISTS plain_notes (id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES plain_users(id) ON DELETE CASCADE, body text NOT NULL,
      time_created bigint NOT NULL, time_last_modified bigint NOT NULL,
      revision integer NOT NULL, change_seq bigint NOT NULL);
    CREATE INDEX IF NOT EXISTS plain_notes_user_order
      ON plain_notes (user_id, time_last_modified DESC, change_seq DESC);
  `);
  const NOTE_JSON = `json_build_object('id', n.id, 'body', n.body, 'timeCreated', n.time_created,
    'timeLastModified', n.time_last_modified, 'revision', n.revision)::text`;
  const one = async (name: string, text: string, values: unknown[]) =>
    (await pool.query<{ v: string }>({ name, text, values })).rows[0]?.v;
  const NEXT_SEQ = `seq AS (UPDATE plain_users SET change_seq = change_seq + 1 WHERE id = $1
    RETURNING change_seq)`;

  return {
    userOf: (tokenHash) =>
      one('user', 'SELECT user_id AS v FROM plain_sessions WHERE token_hash = $1', [tokenHash]),
    async list(userId) {
      const list = await one(
        'list',
        `SELECT coalesce(string_agg(${NOTE_JSON}, ','
           ORDER BY n.time_last_modified DESC, n.change_seq DESC), '') AS v
         FROM plain_notes n WHERE n.user_id = $1`,
        [userId],
      );
      return Buffer.concat([LIST_START, Buffer.from(list ?? ''), LIST_END]);
    },
    update: (userId, id, body) =>
      one(
        'update',
        `WITH ${NEXT_SEQ} UPDATE plain_notes n SET body = $3, time_last_modified = $4,
           revision = n.revision + 1, change_seq = (SELECT change_seq FROM seq)
         WHERE n.id = $2 AND n.user_id = $1 RETURNING ${NOTE_JSON} AS v`,
        [userId, id, body, now()],
      ),
    async create(userId, id, body) {
      const time = now();
      const note = await one(
        'create',
        `WITH ${NEXT_SEQ} INSERT INTO plain_notes AS n
         SELECT $2, $1, $3, $4, $4, 1, change_seq FROM seq RETURNING ${NOTE_JSON} AS v`,
        [userId, id, body, time],
      );
      return note as string;
    },
    async remove(userId, id) {
      const gone = await one(
        'remove',
        `WITH ${NEXT_SEQ}, gone AS (DELETE FROM plain_notes WHERE id = $2 AND user_id = $1
           AND EXISTS (SELECT 1 FROM seq) RETURNING 1)
         SELECT count(*)::text AS v FROM gone`,
        [userId, id],
      );
      return Number(gone);
    },
    async signUp(userId, email, passwordHash, tokenHash) {
      await pool.query(
        `WITH u AS (INSERT INTO plain_users (id, email, password_hash) VALUES ($1, $2, $3)
           RETURNING id)
         INSERT INTO plain_sessions SELECT $4, id FROM u`,
        [userId, email, passwordHash, tokenHash],
      );
    },
    close: () => pool.end(),
  };
}
