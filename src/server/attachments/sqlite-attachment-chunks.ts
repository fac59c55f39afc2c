import type { ReadAttachmentChunks } from './attachment-chunks.js';

export const readSqliteAttachmentChunks: ReadAttachmentChunks = async (db, id, first, last) => {
  const rows = await db
    .selectFrom('attachment_chunks')
    .select('data')
    .where('attachment_id', '=', id)
    .where('seq', '>=', first)
    .where('seq', '<=', last)
    .orderBy('seq')
    .execute();
  return rows.map(({ data }) => Buffer.from(data.buffer, data.byteOffset, data.byteLength));
};
