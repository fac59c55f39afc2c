import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import { notModified } from '../http/not-modified.js';
import { ErrorResponse } from '../http/schemas/api-error.js';
import { fileAnswer } from '../http/schemas/file-answer.js';
import type { AttachmentBlobs } from './attachment-blobs.js';
import { isAttachmentId } from './attachment-id.js';
import { findAttachment } from './attachment-repository.js';
import { requestedRange } from './byte-range.js';
import { safeServingHeaders } from './safe-serving.js';

/** An attachment's bytes never change under its id: caches may keep them for a year. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/**
 * `GET /api/attachments/{id}` — the bytes, with their type, an ETag (their SHA-256), long
 * private caching and single byte ranges (206). Another account's attachment is 404, exactly
 * like an unknown one. `HEAD` answers the same headers without reading the file.
 */
export function registerDownloadRoute(
  app: FastifyInstance,
  options: { db: Db; blobs: AttachmentBlobs; reader: preHandlerAsyncHookHandler },
): void {
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    // HEAD is its own: Fastify's would read the whole file only to throw it away.
    method: ['GET', 'HEAD'],
    url: '/api/attachments/:id',
    schema: {
      params: IdParams,
      response: {
        200: fileAnswer('The file, with its type'),
        206: fileAnswer('The byte range asked for'),
        416: ErrorResponse,
      },
    },
    preHandler: options.reader,
    compress: false,
    handler: async (request, reply) => {
      const { id } = request.params;
      const { userId } = request.session;
      const attachment = isAttachmentId(id)
        ? await findAttachment(options.db, userId, id)
        : undefined;
      if (!attachment) throw notFound('No such attachment');
      const etag = `"${attachment.sha256}"`;
      reply.headers({
        ...safeServingHeaders(attachment),
        etag,
        'cache-control': CACHE_CONTROL,
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
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${attachment.size}`);
      }
      reply.header('content-length', String(bytes.end - bytes.start + 1));
      if (request.method === 'HEAD') return reply.send();
      return reply.send(options.blobs.read(userId, id, bytes));
    },
  });
}
