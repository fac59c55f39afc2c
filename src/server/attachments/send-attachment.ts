import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import { notModified } from '../http/not-modified.js';
import type { AttachmentBlobs } from './attachment-blobs.js';
import { isAttachmentId } from './attachment-id.js';
import { findAttachment } from './attachment-repository.js';
import { requestedRange } from './byte-range.js';
import { safeServingHeaders } from './safe-serving.js';

export interface AttachmentAsked {
  db: Db;
  blobs: AttachmentBlobs;
  /** Whose attachment: another account's is 404, exactly like an unknown one. */
  userId: string;
  id: string;
  cacheControl: string;
}

/**
 * Answers with an attachment's bytes: its type, an ETag (its SHA-256), single byte ranges
 * (206), and for HEAD the headers alone, without reading the file.
 */
export async function sendAttachment(
  request: FastifyRequest,
  reply: FastifyReply,
  asked: AttachmentAsked,
): Promise<FastifyReply> {
  const { userId, id } = asked;
  const attachment = isAttachmentId(id) ? await findAttachment(asked.db, userId, id) : undefined;
  if (!attachment) throw notFound('No such attachment');
  const etag = `"${attachment.sha256}"`;
  reply.headers({
    ...safeServingHeaders(attachment),
    etag,
    'cache-control': asked.cacheControl,
    'accept-ranges': 'bytes',
  });
  if (request.headers['if-none-match'] === etag) return notModified(reply);
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag
      ? requestedRange(request.headers.range, attachment.size)
      : undefined;
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${attachment.size}`)
      .header('content-disposition', 'attachment')
      .type('application/json; charset=utf-8')
      .send({ error: 'The range is past the end of the file', code: 'invalid_input' });
  }
  const bytes = range ?? { start: 0, end: attachment.size - 1 };
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${attachment.size}`);
  }
  reply.header('content-length', String(bytes.end - bytes.start + 1));
  if (request.method === 'HEAD') return reply.send();
  return reply.send(asked.blobs.read(userId, id, bytes));
}
