import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/schema.js';
import { ErrorResponse } from '../http/schemas/api-error.js';
import { fileAnswer } from '../http/schemas/file-answer.js';
import type { AttachmentBlobs } from './attachment-blobs.js';
import { sendAttachment } from './send-attachment.js';

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
    handler: (request, reply) =>
      sendAttachment(request, reply, {
        db: options.db,
        blobs: options.blobs,
        userId: request.session.userId,
        id: request.params.id,
        cacheControl: CACHE_CONTROL,
      }),
  });
}
