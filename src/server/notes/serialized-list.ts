import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { listNotes } from './note-repository.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/**
 * SQLite serializes each note, in the order the list has (an index walk, no sort), and hands
 * them over as Buffers that are joined once: no row objects, no JSON.stringify. Its JSON escapes
 * text exactly as JSON.stringify does. (An ordered `json_group_array` sorts the serialized notes
 * themselves, five times slower for a long list.)
 */
async function sqliteList(db: Db, userId: string): Promise<Buffer> {
  const { rows } = await sql<{ note: Buffer }>`
    select cast(json_object('id', id, 'body', body, 'timeCreated', time_created,
      'timeLastModified', time_last_modified, 'revision', revision) as blob) as note
    from notes where user_id = ${userId} and time_deleted is null
    order by time_last_modified desc, change_seq desc, id desc`.execute(db);
  const parts: Buffer[] = [LIST_START];
  rows.forEach(({ note }, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(note);
  });
  parts.push(LIST_END);
  return Buffer.concat(parts);
}

const LIST_START = Buffer.from('{"results":[');
const COMMA = Buffer.from(',');
const LIST_END = Buffer.from(']}');

/**
 * `GET /api/notes` as bytes. PostgreSQL stores text escaped (see postgres-text.ts), so its rows
 * go through the repository, which decodes them.
 */
export async function serializedList(kind: DatabaseKind, db: Db, userId: string): Promise<Buffer> {
  if (kind === 'sqlite') return sqliteList(db, userId);
  return Buffer.from(JSON.stringify({ results: await listNotes(db, userId) }));
}
