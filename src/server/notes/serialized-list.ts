import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { listNotes } from './note-repository.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/**
 * SQLite builds the answer itself, in the order the list has, and hands it over as one Buffer:
 * no row objects, no JSON.stringify. Its JSON escapes text exactly as JSON.stringify does.
 */
async function sqliteList(db: Db, userId: string): Promise<Buffer> {
  const { rows } = await sql<{ list: Buffer }>`
    select cast('{"results":' || coalesce(json_group_array(json_object(
      'id', id, 'body', body, 'timeCreated', time_created,
      'timeLastModified', time_last_modified, 'revision', revision)
      order by time_last_modified desc, change_seq desc, id desc), '[]') || '}' as blob) as list
    from notes where user_id = ${userId} and time_deleted is null`.execute(db);
  return rows[0]?.list ?? Buffer.from('{"results":[]}');
}

/**
 * `GET /api/notes` as bytes. PostgreSQL stores text escaped (see postgres-text.ts), so its rows
 * go through the repository, which decodes them.
 */
export async function serializedList(kind: DatabaseKind, db: Db, userId: string): Promise<Buffer> {
  if (kind === 'sqlite') return sqliteList(db, userId);
  return Buffer.from(JSON.stringify({ results: await listNotes(db, userId) }));
}
