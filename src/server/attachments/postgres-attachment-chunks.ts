import { sql } from 'kysely';
import type { CopiedRow } from '../db/postgres/binary-copy.js';
import type { ReadAttachmentChunks } from './attachment-chunks.js';

// A binary COPY (db/postgres/binary-copy.ts): a select would bring each chunk as hex text.
export const readPostgresAttachmentChunks: ReadAttachmentChunks = async (db, id, first, last) => {
  const { rows } = await sql<CopiedRow>`copy (
    select data from attachment_chunks
    where attachment_id = ${id} and seq >= ${first} and seq <= ${last}
    order by seq
  ) to stdout (format binary)`.execute(db);
  return rows.map((row) => {
    const data = row[0];
    if (!data) throw new Error('an attachment chunk without bytes');
    return data;
  });
};
