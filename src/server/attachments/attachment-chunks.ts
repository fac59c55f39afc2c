import type { Db } from '../db/schema.js';

/**
 * Attachment `id`'s chunks `first` to `last` (both included), in order, read through `db` (the
 * pool or a transaction): the rows that hold attachments' bytes when the database keeps them.
 */
export type ReadAttachmentChunks = (
  db: Db,
  id: string,
  first: number,
  last: number,
) => Promise<Buffer[]>;
